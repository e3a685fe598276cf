// The part of OpenSSL 3's ABI this shim uses, declared here so that no OpenSSL header is needed to
// build (macOS ships none, and the package links nothing at build time). Types are opaque; the
// constants are OpenSSL 3's stable values (ssl.h, bio.h, asn1.h, prov_ssl.h).
#ifndef MWT_OPENSSL_ABI_H
#define MWT_OPENSSL_ABI_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

typedef struct ossl_evp_pkey EVP_PKEY;
typedef struct ossl_evp_md EVP_MD;
typedef struct ossl_x509 X509;
typedef struct ossl_x509_name X509_NAME;
typedef struct ossl_x509_extension X509_EXTENSION;
typedef struct ossl_x509_store X509_STORE;
typedef struct ossl_asn1_integer ASN1_INTEGER;
typedef struct ossl_asn1_time ASN1_TIME;
typedef struct ossl_bignum BIGNUM;
typedef struct ossl_bio BIO;
typedef struct ossl_bio_method BIO_METHOD;
typedef struct ossl_ssl_method SSL_METHOD;
typedef struct ossl_ssl_ctx SSL_CTX;
typedef struct ossl_ssl SSL;

/// X509V3_CTX is a plain struct the caller allocates. OpenSSL 3.0 defines it as an int and seven
/// pointers; this buffer is larger and aligned, and X509V3_set_ctx writes only the fields it knows.
typedef struct {
    _Alignas(16) unsigned char bytes[256];
} X509V3_CTX_STORAGE;

enum {
    MWT_SSL_ERROR_NONE = 0,
    MWT_SSL_ERROR_SSL = 1,
    MWT_SSL_ERROR_WANT_READ = 2,
    MWT_SSL_ERROR_WANT_WRITE = 3,
    MWT_SSL_ERROR_SYSCALL = 5,
    MWT_SSL_ERROR_ZERO_RETURN = 6,

    MWT_SSL_CTRL_MODE = 33,
    MWT_SSL_CTRL_SET_TLSEXT_HOSTNAME = 55,
    MWT_SSL_CTRL_CHAIN_CERT = 89,
    MWT_SSL_CTRL_SET_MIN_PROTO_VERSION = 123,
    MWT_TLSEXT_NAMETYPE_HOST_NAME = 0,
    MWT_TLS1_2_VERSION = 0x0303,
    MWT_TLS1_3_VERSION = 0x0304,
    MWT_SSL_MODE_ENABLE_PARTIAL_WRITE = 0x1,
    MWT_SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER = 0x2,
    MWT_SSL_MODE_RELEASE_BUFFERS = 0x10,
    MWT_SSL_VERIFY_PEER = 0x1,

    MWT_BIO_CTRL_INFO = 3,
    MWT_MBSTRING_UTF8 = 0x1000,
};

#define MWT_SSL_OP_NO_RENEGOTIATION ((uint64_t)1 << 30)
#define MWT_SSL_OP_NO_TICKET ((uint64_t)1 << 14)
#define MWT_SSL_OP_IGNORE_UNEXPECTED_EOF ((uint64_t)1 << 7)

/// Every OpenSSL function the shim calls, resolved once by `mwt_load`.
struct mwt_openssl {
    // libcrypto: version
    const char *(*OpenSSL_version)(int which);
    unsigned int (*OPENSSL_version_major)(void);
    // libcrypto: errors
    unsigned long (*ERR_get_error)(void);
    unsigned long (*ERR_peek_error)(void);
    void (*ERR_error_string_n)(unsigned long code, char *buffer, size_t length);
    void (*ERR_clear_error)(void);
    // libcrypto: keys, digests, numbers, memory
    EVP_PKEY *(*EVP_PKEY_Q_keygen)(void *library_context, const char *properties, const char *type, ...);
    void (*EVP_PKEY_free)(EVP_PKEY *key);
    int (*EVP_PKEY_up_ref)(EVP_PKEY *key);
    const EVP_MD *(*EVP_sha256)(void);
    BIGNUM *(*BN_new)(void);
    void (*BN_free)(BIGNUM *number);
    int (*BN_rand)(BIGNUM *number, int bits, int top, int bottom);
    ASN1_INTEGER *(*BN_to_ASN1_INTEGER)(const BIGNUM *number, ASN1_INTEGER *into);
    void (*CRYPTO_free)(void *pointer, const char *file, int line);
    void *(*CRYPTO_malloc)(size_t size, const char *file, int line);
    // libcrypto: certificates
    X509 *(*X509_new)(void);
    void (*X509_free)(X509 *certificate);
    int (*X509_up_ref)(X509 *certificate);
    int (*X509_set_version)(X509 *certificate, long version);
    ASN1_INTEGER *(*X509_get_serialNumber)(X509 *certificate);
    ASN1_TIME *(*X509_getm_notBefore)(const X509 *certificate);
    ASN1_TIME *(*X509_getm_notAfter)(const X509 *certificate);
    const ASN1_TIME *(*X509_get0_notBefore)(const X509 *certificate);
    const ASN1_TIME *(*X509_get0_notAfter)(const X509 *certificate);
    ASN1_TIME *(*X509_time_adj_ex)(ASN1_TIME *time, int offset_days, long offset_seconds, time_t *from);
    int (*ASN1_TIME_to_tm)(const ASN1_TIME *time, struct tm *into);
    X509_NAME *(*X509_get_subject_name)(const X509 *certificate);
    X509_NAME *(*X509_get_issuer_name)(const X509 *certificate);
    int (*X509_set_issuer_name)(X509 *certificate, const X509_NAME *name);
    int (*X509_NAME_add_entry_by_txt)(
        X509_NAME *name, const char *field, int type, const unsigned char *bytes, int length, int location, int set);
    char *(*X509_NAME_oneline)(const X509_NAME *name, char *buffer, int size);
    int (*X509_set_pubkey)(X509 *certificate, EVP_PKEY *key);
    EVP_PKEY *(*X509_get0_pubkey)(const X509 *certificate);
    void (*X509V3_set_ctx)(void *context, X509 *issuer, X509 *subject, void *request, void *crl, int flags);
    X509_EXTENSION *(*X509V3_EXT_nconf)(void *configuration, void *context, const char *name, const char *value);
    int (*X509_add_ext)(X509 *certificate, X509_EXTENSION *extension, int location);
    void (*X509_EXTENSION_free)(X509_EXTENSION *extension);
    int (*X509_sign)(X509 *certificate, EVP_PKEY *key, const EVP_MD *digest);
    int (*X509_verify)(X509 *certificate, EVP_PKEY *key);
    int (*X509_check_private_key)(const X509 *certificate, const EVP_PKEY *key);
    int (*X509_digest)(const X509 *certificate, const EVP_MD *digest, unsigned char *out, unsigned int *length);
    int (*i2d_X509)(const X509 *certificate, unsigned char **out);
    int (*X509_print_ex)(BIO *out, X509 *certificate, unsigned long name_flags, unsigned long flags);
    int (*X509_STORE_add_cert)(X509_STORE *store, X509 *certificate);
    const char *(*X509_verify_cert_error_string)(long code);
    // libcrypto: memory BIOs and PEM
    BIO *(*BIO_new)(const BIO_METHOD *method);
    const BIO_METHOD *(*BIO_s_mem)(void);
    BIO *(*BIO_new_mem_buf)(const void *bytes, int length);
    int (*BIO_free)(BIO *bio);
    long (*BIO_ctrl)(BIO *bio, int command, long argument, void *pointer);
    int (*BIO_read)(BIO *bio, void *buffer, int length);
    int (*BIO_write)(BIO *bio, const void *bytes, int length);
    int (*PEM_write_bio_X509)(BIO *out, const X509 *certificate);
    int (*PEM_write_bio_PrivateKey)(
        BIO *out, const EVP_PKEY *key, const void *cipher, const unsigned char *passphrase, int length,
        void *callback, void *context);
    X509 *(*PEM_read_bio_X509)(BIO *in, X509 **into, void *callback, void *context);
    EVP_PKEY *(*PEM_read_bio_PrivateKey)(BIO *in, EVP_PKEY **into, void *callback, void *context);
    // libssl
    const SSL_METHOD *(*TLS_server_method)(void);
    const SSL_METHOD *(*TLS_client_method)(void);
    SSL_CTX *(*SSL_CTX_new)(const SSL_METHOD *method);
    void (*SSL_CTX_free)(SSL_CTX *context);
    int (*SSL_CTX_use_certificate)(SSL_CTX *context, X509 *certificate);
    int (*SSL_CTX_use_PrivateKey)(SSL_CTX *context, EVP_PKEY *key);
    int (*SSL_CTX_check_private_key)(const SSL_CTX *context);
    long (*SSL_CTX_ctrl)(SSL_CTX *context, int command, long argument, void *pointer);
    uint64_t (*SSL_CTX_set_options)(SSL_CTX *context, uint64_t options);
    int (*SSL_CTX_set_num_tickets)(SSL_CTX *context, size_t count);
    X509_STORE *(*SSL_CTX_get_cert_store)(const SSL_CTX *context);
    void (*SSL_CTX_set_verify)(SSL_CTX *context, int mode, void *callback);
    SSL *(*SSL_new)(SSL_CTX *context);
    void (*SSL_free)(SSL *session);
    int (*SSL_set_fd)(SSL *session, int descriptor);
    void (*SSL_set_bio)(SSL *session, BIO *read, BIO *write);
    void (*SSL_set_accept_state)(SSL *session);
    void (*SSL_set_connect_state)(SSL *session);
    int (*SSL_do_handshake)(SSL *session);
    int (*SSL_read)(SSL *session, void *buffer, int length);
    int (*SSL_write)(SSL *session, const void *bytes, int length);
    int (*SSL_get_error)(const SSL *session, int result);
    int (*SSL_pending)(const SSL *session);
    int (*SSL_shutdown)(SSL *session);
    int (*SSL_is_init_finished)(const SSL *session);
    const char *(*SSL_get_version)(const SSL *session);
    const char *(*SSL_get_servername)(const SSL *session, int type);
    long (*SSL_ctrl)(SSL *session, int command, long argument, void *pointer);
    int (*SSL_set1_host)(SSL *session, const char *host);
    long (*SSL_get_verify_result)(const SSL *session);
};

/// The resolved functions; valid once `mwt_load` has returned 0.
extern struct mwt_openssl mwt_ssl;

/// Copies the calling thread's oldest queued OpenSSL error (or `fallback`) into `buffer`, and empties
/// the queue.
void mwt_take_error(char *buffer, size_t capacity, const char *fallback);

#endif
