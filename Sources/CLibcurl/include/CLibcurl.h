// libcurl, loaded on demand. Record mode is the only part of mockweather that talks to the internet
// (HTTPS to the live API), so `mockweather serve` must not pay for a TLS stack it does not use:
// linking FoundationNetworking put libcurl, gnutls, libcrypto and two dozen other libraries
// (about 10 MiB resident) into every replay server. This shim opens libcurl with dlopen the first time
// a recording needs it and performs one whole exchange per call, so Swift never touches curl's
// variadic setters or its constants.
#ifndef CLIBCURL_H
#define CLIBCURL_H

#include <stddef.h>
#include <stdint.h>

/// Receives one header line (status line included, CRLF kept) or one piece of the body.
/// Returns `size * count` to go on, anything else to abort the transfer.
typedef size_t (*mwc_data_callback)(char *data, size_t size, size_t count, void *context);

/// One HTTP exchange to perform.
typedef struct mwc_request {
    const char *url;
    /// "GET", "HEAD" or any other token (sent as a custom method).
    const char *method;
    /// "Name: value" lines to send.
    const char *const *headers;
    int header_count;
    const uint8_t *body;
    size_t body_length;
    /// The whole exchange's deadline, connection included.
    long timeout_ms;
    mwc_data_callback on_header;
    mwc_data_callback on_body;
    void *context;
} mwc_request;

/// What came back: the libcurl result code (0 = an HTTP answer arrived), the status, and libcurl's
/// own explanation when it failed.
typedef struct mwc_result {
    int code;
    long status;
    char message[256];
} mwc_result;

/// Performs `request` (loading libcurl first if needed); blocks until the answer or the deadline.
/// Returns `result->code`; -1 means libcurl could not be loaded (the reason is in `result->message`).
int mwc_perform(const mwc_request *request, mwc_result *result);

/// libcurl result codes the Swift side explains in its own words.
enum {
    MWC_UNSUPPORTED_PROTOCOL = 1,
    MWC_COULDNT_RESOLVE_PROXY = 5,
    MWC_COULDNT_RESOLVE_HOST = 6,
    MWC_COULDNT_CONNECT = 7,
    MWC_WRITE_ERROR = 23,
    MWC_OPERATION_TIMEDOUT = 28,
    MWC_SSL_CONNECT_ERROR = 35,
    MWC_GOT_NOTHING = 52,
    MWC_SEND_ERROR = 55,
    MWC_RECV_ERROR = 56,
    MWC_PEER_FAILED_VERIFICATION = 60,
};

#endif
