// See mwt_sessions.h. One SSL per connection over its socket (or over two memory BIOs), with the
// failure of a handshake sorted into the few kinds the server explains to its user.
#include "mwt_library.h"
#include "mwt_sessions.h"
#include "openssl_abi.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mwt_session {
    SSL *ssl;
    /// The memory BIOs of an in-memory session (owned by `ssl`), NULL for a socket session.
    BIO *input;
    BIO *output;
    mwt_failure failure;
};

// OpenSSL's reason codes (sslerr.h) for the alerts a client sends when it refuses the certificate,
// and for bytes that are not TLS.
enum {
    REASON_HANDSHAKE_FAILURE_ALERT = 1040,
    REASON_BAD_CERTIFICATE = 1042,
    REASON_UNSUPPORTED_CERTIFICATE = 1043,
    REASON_CERTIFICATE_REVOKED = 1044,
    REASON_CERTIFICATE_EXPIRED = 1045,
    REASON_CERTIFICATE_UNKNOWN = 1046,
    REASON_UNKNOWN_CA = 1048,
    REASON_ACCESS_DENIED = 1049,
    REASON_DECRYPT_ERROR_ALERT = 1051,
    REASON_CERTIFICATE_VERIFY_FAILED = 134,
    REASON_HTTPS_PROXY_REQUEST = 155,
    REASON_HTTP_REQUEST = 156,
    REASON_PACKET_LENGTH_TOO_LONG = 198,
    REASON_UNSUPPORTED_PROTOCOL = 258,
    REASON_WRONG_VERSION_NUMBER = 267,
    REASON_UNEXPECTED_EOF = 294,
    ERROR_SYSTEM_FLAG = 0x80000000u,
    ERROR_REASON_MASK = 0x7FFFFF,
};

static void fail_with(char *error, size_t capacity, const char *operation) {
    if (error == NULL || capacity == 0) {
        mwt_ssl.ERR_clear_error();
        return;
    }
    char reason[256];
    mwt_take_error(reason, sizeof reason, "no reason given");
    snprintf(error, capacity, "%s: %s", operation, reason);
}

static int configure(SSL_CTX *context) {
    if (mwt_ssl.SSL_CTX_ctrl(context, MWT_SSL_CTRL_SET_MIN_PROTO_VERSION, MWT_TLS1_2_VERSION, NULL) != 1) return 0;
    // No renegotiation (TLS 1.2), and no session tickets: a ticket sent after the handshake would make
    // a read want to write, and a mock gains nothing from resumption.
    mwt_ssl.SSL_CTX_set_options(context, MWT_SSL_OP_NO_RENEGOTIATION | MWT_SSL_OP_NO_TICKET | MWT_SSL_OP_IGNORE_UNEXPECTED_EOF);
    mwt_ssl.SSL_CTX_set_num_tickets(context, 0);
    // Partial writes behave as write(2) does; the output buffer may move between retries; idle
    // connections give their buffers back.
    mwt_ssl.SSL_CTX_ctrl(context, MWT_SSL_CTRL_MODE,
                         MWT_SSL_MODE_ENABLE_PARTIAL_WRITE | MWT_SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER |
                             MWT_SSL_MODE_RELEASE_BUFFERS,
                         NULL);
    return 1;
}

mwt_server_context *mwt_server_context_new(
    const mwt_certificate *leaf, const mwt_key *key, const mwt_certificate *chain, char *error, size_t capacity) {
    if (mwt_load(error, capacity) != 0) return NULL;
    mwt_ssl.ERR_clear_error();
    SSL_CTX *context = mwt_ssl.SSL_CTX_new(mwt_ssl.TLS_server_method());
    if (context == NULL) {
        fail_with(error, capacity, "SSL_CTX_new");
        return NULL;
    }
    if (!configure(context) || mwt_ssl.SSL_CTX_use_certificate(context, (X509 *)leaf) != 1 ||
        mwt_ssl.SSL_CTX_use_PrivateKey(context, (EVP_PKEY *)key) != 1 ||
        mwt_ssl.SSL_CTX_check_private_key(context) != 1 ||
        (chain != NULL && mwt_ssl.SSL_CTX_ctrl(context, MWT_SSL_CTRL_CHAIN_CERT, 1, (void *)chain) != 1)) {
        fail_with(error, capacity, "setting up the server's certificate");
        mwt_ssl.SSL_CTX_free(context);
        return NULL;
    }
    return (mwt_server_context *)context;
}

void mwt_server_context_free(mwt_server_context *context) {
    if (context != NULL) mwt_ssl.SSL_CTX_free((SSL_CTX *)context);
}

mwt_client_context *mwt_client_context_new(const mwt_certificate *authority, char *error, size_t capacity) {
    if (mwt_load(error, capacity) != 0) return NULL;
    mwt_ssl.ERR_clear_error();
    SSL_CTX *context = mwt_ssl.SSL_CTX_new(mwt_ssl.TLS_client_method());
    if (context == NULL) {
        fail_with(error, capacity, "SSL_CTX_new");
        return NULL;
    }
    if (!configure(context) ||
        (authority != NULL &&
         mwt_ssl.X509_STORE_add_cert(mwt_ssl.SSL_CTX_get_cert_store(context), (X509 *)authority) != 1)) {
        fail_with(error, capacity, "setting up the client's trusted certificate");
        mwt_ssl.SSL_CTX_free(context);
        return NULL;
    }
    mwt_ssl.SSL_CTX_set_verify(context, MWT_SSL_VERIFY_PEER, NULL);
    return (mwt_client_context *)context;
}

void mwt_client_context_free(mwt_client_context *context) {
    if (context != NULL) mwt_ssl.SSL_CTX_free((SSL_CTX *)context);
}

static mwt_session *new_session(SSL_CTX *context, int descriptor, int in_memory, char *error, size_t capacity) {
    mwt_ssl.ERR_clear_error();
    mwt_session *session = calloc(1, sizeof *session);
    if (session == NULL) {
        if (error != NULL && capacity > 0) snprintf(error, capacity, "out of memory");
        return NULL;
    }
    session->ssl = mwt_ssl.SSL_new(context);
    if (session->ssl == NULL) {
        fail_with(error, capacity, "SSL_new");
        free(session);
        return NULL;
    }
    if (in_memory) {
        session->input = mwt_ssl.BIO_new(mwt_ssl.BIO_s_mem());
        session->output = mwt_ssl.BIO_new(mwt_ssl.BIO_s_mem());
        if (session->input == NULL || session->output == NULL) {
            if (session->input != NULL) mwt_ssl.BIO_free(session->input);
            if (session->output != NULL) mwt_ssl.BIO_free(session->output);
            fail_with(error, capacity, "BIO_new");
            mwt_ssl.SSL_free(session->ssl);
            free(session);
            return NULL;
        }
        mwt_ssl.SSL_set_bio(session->ssl, session->input, session->output);
    } else if (mwt_ssl.SSL_set_fd(session->ssl, descriptor) != 1) {
        fail_with(error, capacity, "SSL_set_fd");
        mwt_ssl.SSL_free(session->ssl);
        free(session);
        return NULL;
    }
    return session;
}

mwt_session *mwt_session_accept(mwt_server_context *context, int descriptor, char *error, size_t capacity) {
    if (mwt_load(error, capacity) != 0) return NULL;
    mwt_session *session = new_session((SSL_CTX *)context, descriptor, 0, error, capacity);
    if (session != NULL) mwt_ssl.SSL_set_accept_state(session->ssl);
    return session;
}

mwt_session *mwt_session_accept_in_memory(mwt_server_context *context, char *error, size_t capacity) {
    if (mwt_load(error, capacity) != 0) return NULL;
    mwt_session *session = new_session((SSL_CTX *)context, -1, 1, error, capacity);
    if (session != NULL) mwt_ssl.SSL_set_accept_state(session->ssl);
    return session;
}

static int set_host(mwt_session *session, const char *host, char *error, size_t capacity) {
    if (mwt_ssl.SSL_ctrl(session->ssl, MWT_SSL_CTRL_SET_TLSEXT_HOSTNAME, MWT_TLSEXT_NAMETYPE_HOST_NAME, (void *)host) != 1 ||
        mwt_ssl.SSL_set1_host(session->ssl, host) != 1) {
        fail_with(error, capacity, "setting the server name");
        return 0;
    }
    mwt_ssl.SSL_set_connect_state(session->ssl);
    return 1;
}

mwt_session *mwt_session_connect(
    mwt_client_context *context, int descriptor, const char *host, char *error, size_t capacity) {
    if (mwt_load(error, capacity) != 0) return NULL;
    mwt_session *session = new_session((SSL_CTX *)context, descriptor, 0, error, capacity);
    if (session != NULL && !set_host(session, host, error, capacity)) {
        mwt_session_free(session);
        return NULL;
    }
    return session;
}

mwt_session *mwt_session_connect_in_memory(mwt_client_context *context, const char *host, char *error, size_t capacity) {
    if (mwt_load(error, capacity) != 0) return NULL;
    mwt_session *session = new_session((SSL_CTX *)context, -1, 1, error, capacity);
    if (session != NULL && !set_host(session, host, error, capacity)) {
        mwt_session_free(session);
        return NULL;
    }
    return session;
}

int mwt_session_feed(mwt_session *session, const void *bytes, size_t length) {
    if (session->input == NULL || length > INT_MAX) return -1;
    if (length == 0) return 0;
    return mwt_ssl.BIO_write(session->input, bytes, (int)length) == (int)length ? 0 : -1;
}

size_t mwt_session_drain(mwt_session *session, void *buffer, size_t capacity) {
    if (session->output == NULL || capacity == 0) return 0;
    int count = mwt_ssl.BIO_read(session->output, buffer, capacity > INT_MAX ? INT_MAX : (int)capacity);
    return count > 0 ? (size_t)count : 0;
}

static int is_certificate_refusal(int reason) {
    switch (reason) {
    case REASON_HANDSHAKE_FAILURE_ALERT:
    case REASON_BAD_CERTIFICATE:
    case REASON_UNSUPPORTED_CERTIFICATE:
    case REASON_CERTIFICATE_REVOKED:
    case REASON_CERTIFICATE_EXPIRED:
    case REASON_CERTIFICATE_UNKNOWN:
    case REASON_UNKNOWN_CA:
    case REASON_ACCESS_DENIED:
    case REASON_DECRYPT_ERROR_ALERT:
        return 1;
    default:
        return 0;
    }
}

static int is_not_tls(int reason) {
    return reason == REASON_HTTP_REQUEST || reason == REASON_HTTPS_PROXY_REQUEST ||
           reason == REASON_WRONG_VERSION_NUMBER || reason == REASON_UNSUPPORTED_PROTOCOL ||
           reason == REASON_PACKET_LENGTH_TOO_LONG;
}

/// Turns an SSL_* result into a status, recording the failure's kind and words when it is one.
static int outcome(mwt_session *session, int result) {
    int code = mwt_ssl.SSL_get_error(session->ssl, result);
    switch (code) {
    case MWT_SSL_ERROR_NONE:
        return MWT_DONE;
    case MWT_SSL_ERROR_WANT_READ:
        return MWT_WANT_READ;
    case MWT_SSL_ERROR_WANT_WRITE:
        return MWT_WANT_WRITE;
    case MWT_SSL_ERROR_ZERO_RETURN:
        mwt_ssl.ERR_clear_error();
        return MWT_CLOSED;
    default:
        break;
    }
    int established = mwt_ssl.SSL_is_init_finished(session->ssl);
    int saved_errno = errno;
    unsigned long error = mwt_ssl.ERR_peek_error();
    int reason = (error & ERROR_SYSTEM_FLAG) ? 0 : (int)(error & ERROR_REASON_MASK);
    mwt_failure *failure = &session->failure;
    if (code == MWT_SSL_ERROR_SYSCALL && error == 0) {
        mwt_ssl.ERR_clear_error();
        if (established && (saved_errno == 0 || saved_errno == ECONNRESET || saved_errno == EPIPE)) return MWT_CLOSED;
        failure->kind = established ? MWT_FAILURE_OTHER : MWT_FAILURE_CLOSED_IN_HANDSHAKE;
        snprintf(failure->message, sizeof failure->message, "%s",
                 saved_errno == 0 ? "the peer closed the connection" : strerror(saved_errno));
        return MWT_FAILED;
    }
    if (reason == REASON_UNEXPECTED_EOF) {
        mwt_ssl.ERR_clear_error();
        if (established) return MWT_CLOSED;
        failure->kind = MWT_FAILURE_CLOSED_IN_HANDSHAKE;
        snprintf(failure->message, sizeof failure->message, "the peer closed the connection");
        return MWT_FAILED;
    }
    if (reason == REASON_CERTIFICATE_VERIFY_FAILED) {
        failure->kind = MWT_FAILURE_VERIFICATION;
        snprintf(failure->message, sizeof failure->message, "certificate verify failed: %s",
                 mwt_ssl.X509_verify_cert_error_string(mwt_ssl.SSL_get_verify_result(session->ssl)));
        mwt_ssl.ERR_clear_error();
        return MWT_FAILED;
    }
    failure->kind = is_certificate_refusal(reason) ? MWT_FAILURE_CERTIFICATE_REFUSED
                    : is_not_tls(reason)           ? MWT_FAILURE_NOT_TLS
                                                   : MWT_FAILURE_OTHER;
    mwt_take_error(failure->message, sizeof failure->message, "TLS failed");
    return MWT_FAILED;
}

int mwt_session_handshake(mwt_session *session) {
    if (session->failure.kind != 0) return MWT_FAILED;
    mwt_ssl.ERR_clear_error();
    errno = 0;
    return outcome(session, mwt_ssl.SSL_do_handshake(session->ssl));
}

int mwt_session_read(mwt_session *session, void *buffer, size_t capacity, size_t *count) {
    *count = 0;
    if (session->failure.kind != 0) return MWT_FAILED;
    if (capacity == 0) return MWT_DONE;
    mwt_ssl.ERR_clear_error();
    errno = 0;
    int result = mwt_ssl.SSL_read(session->ssl, buffer, capacity > INT_MAX ? INT_MAX : (int)capacity);
    if (result > 0) {
        *count = (size_t)result;
        return MWT_DONE;
    }
    return outcome(session, result);
}

int mwt_session_write(mwt_session *session, const void *bytes, size_t length, size_t *count) {
    *count = 0;
    if (session->failure.kind != 0) return MWT_FAILED;
    if (length == 0) return MWT_DONE;
    mwt_ssl.ERR_clear_error();
    errno = 0;
    int result = mwt_ssl.SSL_write(session->ssl, bytes, length > INT_MAX ? INT_MAX : (int)length);
    if (result > 0) {
        *count = (size_t)result;
        return MWT_DONE;
    }
    return outcome(session, result);
}

size_t mwt_session_buffered(const mwt_session *session) {
    int pending = mwt_ssl.SSL_pending(session->ssl);
    return pending > 0 ? (size_t)pending : 0;
}

int mwt_session_is_established(const mwt_session *session) { return mwt_ssl.SSL_is_init_finished(session->ssl) ? 1 : 0; }

void mwt_session_failure(const mwt_session *session, mwt_failure *failure) { *failure = session->failure; }

void mwt_session_details(
    const mwt_session *session, char *version, size_t version_capacity, char *server_name,
    size_t server_name_capacity) {
    const char *name = mwt_ssl.SSL_get_servername(session->ssl, MWT_TLSEXT_NAMETYPE_HOST_NAME);
    snprintf(version, version_capacity, "%s", mwt_ssl.SSL_get_version(session->ssl));
    snprintf(server_name, server_name_capacity, "%s", name != NULL ? name : "");
}

void mwt_session_close(mwt_session *session) {
    if (session->failure.kind != 0 || !mwt_ssl.SSL_is_init_finished(session->ssl)) return;
    mwt_ssl.ERR_clear_error();
    mwt_ssl.SSL_shutdown(session->ssl);
    mwt_ssl.ERR_clear_error();
}

void mwt_session_free(mwt_session *session) {
    if (session == NULL) return;
    mwt_ssl.SSL_free(session->ssl);
    free(session);
}
