// TLS sessions over a connected non-blocking socket (or over memory, for fuzzing and tests), as the
// HTTP server's connections and the tests' clients use them. Only TLS 1.2 and 1.3.
#ifndef MWT_SESSIONS_H
#define MWT_SESSIONS_H

#include <stddef.h>

#include "mwt_certificates.h"

/// What a server presents: a leaf, its key and optionally the chain above it. Shared by all the
/// sessions made from it, on any thread.
typedef struct mwt_server_context mwt_server_context;
/// What a client trusts (one CA certificate) and checks (the host name).
typedef struct mwt_client_context mwt_client_context;
/// One TLS connection; used by one thread at a time.
typedef struct mwt_session mwt_session;

mwt_server_context *mwt_server_context_new(
    const mwt_certificate *leaf, const mwt_key *key, const mwt_certificate *chain, char *error, size_t capacity);
void mwt_server_context_free(mwt_server_context *context);

/// A client context trusting `authority` only; verification of the peer is required.
mwt_client_context *mwt_client_context_new(const mwt_certificate *authority, char *error, size_t capacity);
void mwt_client_context_free(mwt_client_context *context);

/// A server session that accepts a handshake on `descriptor` (the handshake happens inside the first
/// reads and writes).
mwt_session *mwt_session_accept(mwt_server_context *context, int descriptor, char *error, size_t capacity);
/// A client session on `descriptor` that sends `host` as SNI and requires the certificate to name it.
mwt_session *mwt_session_connect(
    mwt_client_context *context, int descriptor, const char *host, char *error, size_t capacity);
/// A server session whose bytes go through memory instead of a socket: `mwt_session_feed` gives it
/// what the peer sent, `mwt_session_drain` takes what it would send.
mwt_session *mwt_session_accept_in_memory(mwt_server_context *context, char *error, size_t capacity);
/// The client's counterpart of `mwt_session_accept_in_memory`.
mwt_session *mwt_session_connect_in_memory(
    mwt_client_context *context, const char *host, char *error, size_t capacity);
int mwt_session_feed(mwt_session *session, const void *bytes, size_t length);
size_t mwt_session_drain(mwt_session *session, void *buffer, size_t capacity);

/// What a read, a write or a handshake step came to.
enum {
    /// Done; `*count` bytes moved (a handshake step: the handshake is complete).
    MWT_DONE = 0,
    /// Nothing now: call again when the socket is readable.
    MWT_WANT_READ = 1,
    /// Nothing now: call again when the socket is writable.
    MWT_WANT_WRITE = 2,
    /// The peer closed the connection (close_notify or end of stream after the handshake).
    MWT_CLOSED = 3,
    /// The session failed for good; `mwt_session_failure` says why.
    MWT_FAILED = 4,
};

/// Why a session failed.
enum {
    /// The peer sent an alert refusing our certificate (unknown CA, bad or unknown certificate, ...):
    /// the usual sign of a client that does not trust the mock's CA.
    MWT_FAILURE_CERTIFICATE_REFUSED = 1,
    /// The peer closed the connection in the middle of the handshake without saying why (clients
    /// that do not trust the certificate often do this).
    MWT_FAILURE_CLOSED_IN_HANDSHAKE = 2,
    /// The peer's bytes were not TLS at all (e.g. plain HTTP sent to a TLS port).
    MWT_FAILURE_NOT_TLS = 3,
    /// Our side (a client) could not verify the peer's certificate.
    MWT_FAILURE_VERIFICATION = 4,
    /// Any other protocol or system error.
    MWT_FAILURE_OTHER = 5,
};

typedef struct mwt_failure {
    int kind;
    /// OpenSSL's or the system's words, e.g. "tlsv1 alert unknown ca".
    char message[256];
} mwt_failure;

/// Drives the handshake without moving application data (clients; servers handshake inside reads).
int mwt_session_handshake(mwt_session *session);
/// Reads decrypted bytes; returns a status and sets `*count`.
int mwt_session_read(mwt_session *session, void *buffer, size_t capacity, size_t *count);
/// Encrypts and sends as much of `bytes` as the socket takes now; returns a status and sets `*count`.
/// A write that returned MWT_WANT_* must be repeated with the same first bytes.
int mwt_session_write(mwt_session *session, const void *bytes, size_t length, size_t *count);
/// Decrypted bytes held inside the session that a read would return without touching the socket.
size_t mwt_session_buffered(const mwt_session *session);
/// 1 once the handshake has completed.
int mwt_session_is_established(const mwt_session *session);
/// The failure after MWT_FAILED.
void mwt_session_failure(const mwt_session *session, mwt_failure *failure);
/// The negotiated protocol ("TLSv1.3") and the server name the client asked for ("" for none).
void mwt_session_details(
    const mwt_session *session, char *version, size_t version_capacity, char *server_name,
    size_t server_name_capacity);
/// Sends close_notify (best effort, never blocks).
void mwt_session_close(mwt_session *session);
void mwt_session_free(mwt_session *session);

#endif
