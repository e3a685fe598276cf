// See mwt_library.h for why OpenSSL is opened at run time.
#include "mwt_library.h"
#include "openssl_abi.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mwt_openssl mwt_ssl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[1024];
static char loaded_path[512];

#if defined(__APPLE__)
static const char *const crypto_name = "libcrypto.3.dylib";
static const char *const ssl_name = "libssl.3.dylib";
// Homebrew (Apple silicon, then Intel) and MacPorts. Never a bare name: the search would find
// /usr/lib/libssl.dylib, which is not OpenSSL 3 and aborts the process when loaded.
static const char *const directories[] = {"/opt/homebrew/opt/openssl@3/lib", "/usr/local/opt/openssl@3/lib", "/opt/local/lib"};
#else
static const char *const crypto_name = "libcrypto.so.3";
static const char *const ssl_name = "libssl.so.3";
// An empty directory means the dynamic linker's own search (the system's OpenSSL 3).
static const char *const directories[] = {""};
#endif

static void note_missing(const char *library, const char *name) {
    if (load_error[0] == '\0') snprintf(load_error, sizeof load_error, "%s has no %s (is it OpenSSL 3?)", library, name);
}

#define RESOLVE(handle, name)                                              \
    do {                                                                   \
        *(void **)&mwt_ssl.name = dlsym(handle, #name);                    \
        if (mwt_ssl.name == NULL) note_missing(handle == ssl ? ssl_name : crypto_name, #name); \
    } while (0)

static void *open_in(const char *directory, const char *name, char *tried, size_t capacity) {
    char path[600];
    if (directory[0] == '\0') {
        snprintf(path, sizeof path, "%s", name);
    } else {
        snprintf(path, sizeof path, "%s/%s", directory, name);
    }
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        size_t used = strlen(tried);
        const char *reason = dlerror();
        snprintf(tried + used, capacity - used, "%s%s (%s)", used > 0 ? "; " : "", path,
                 reason != NULL ? reason : "not found");
    } else {
        snprintf(loaded_path, sizeof loaded_path, "%s", path);
    }
    return handle;
}

static void load_libraries(void) {
    char tried[900] = {0};
    void *crypto = NULL;
    void *ssl = NULL;
    const char *chosen = getenv("MOCKWEATHER_OPENSSL_DIR");
    if (chosen != NULL && chosen[0] != '\0') {
        crypto = open_in(chosen, crypto_name, tried, sizeof tried);
        if (crypto != NULL) ssl = open_in(chosen, ssl_name, tried, sizeof tried);
    } else {
        for (size_t i = 0; i < sizeof directories / sizeof directories[0] && ssl == NULL; i++) {
            crypto = open_in(directories[i], crypto_name, tried, sizeof tried);
            if (crypto != NULL) ssl = open_in(directories[i], ssl_name, tried, sizeof tried);
        }
    }
    if (crypto == NULL || ssl == NULL) {
        snprintf(load_error, sizeof load_error, "OpenSSL 3 was not found: tried %s", tried);
        return;
    }
    RESOLVE(crypto, OpenSSL_version);
    RESOLVE(crypto, OPENSSL_version_major);
    RESOLVE(crypto, ERR_get_error);
    RESOLVE(crypto, ERR_peek_error);
    RESOLVE(crypto, ERR_error_string_n);
    RESOLVE(crypto, ERR_clear_error);
    RESOLVE(crypto, EVP_PKEY_Q_keygen);
    RESOLVE(crypto, EVP_PKEY_free);
    RESOLVE(crypto, EVP_PKEY_up_ref);
    RESOLVE(crypto, EVP_sha256);
    RESOLVE(crypto, BN_new);
    RESOLVE(crypto, BN_free);
    RESOLVE(crypto, BN_rand);
    RESOLVE(crypto, BN_to_ASN1_INTEGER);
    RESOLVE(crypto, CRYPTO_free);
    RESOLVE(crypto, CRYPTO_malloc);
    RESOLVE(crypto, X509_new);
    RESOLVE(crypto, X509_free);
    RESOLVE(crypto, X509_up_ref);
    RESOLVE(crypto, X509_set_version);
    RESOLVE(crypto, X509_get_serialNumber);
    RESOLVE(crypto, X509_getm_notBefore);
    RESOLVE(crypto, X509_getm_notAfter);
    RESOLVE(crypto, X509_get0_notBefore);
    RESOLVE(crypto, X509_get0_notAfter);
    RESOLVE(crypto, X509_time_adj_ex);
    RESOLVE(crypto, ASN1_TIME_to_tm);
    RESOLVE(crypto, X509_get_subject_name);
    RESOLVE(crypto, X509_get_issuer_name);
    RESOLVE(crypto, X509_set_issuer_name);
    RESOLVE(crypto, X509_NAME_add_entry_by_txt);
    RESOLVE(crypto, X509_NAME_oneline);
    RESOLVE(crypto, X509_set_pubkey);
    RESOLVE(crypto, X509_get0_pubkey);
    RESOLVE(crypto, X509V3_set_ctx);
    RESOLVE(crypto, X509V3_EXT_nconf);
    RESOLVE(crypto, X509_add_ext);
    RESOLVE(crypto, X509_EXTENSION_free);
    RESOLVE(crypto, X509_sign);
    RESOLVE(crypto, X509_verify);
    RESOLVE(crypto, X509_check_private_key);
    RESOLVE(crypto, X509_digest);
    RESOLVE(crypto, i2d_X509);
    RESOLVE(crypto, X509_print_ex);
    RESOLVE(crypto, X509_STORE_add_cert);
    RESOLVE(crypto, X509_verify_cert_error_string);
    RESOLVE(crypto, BIO_new);
    RESOLVE(crypto, BIO_s_mem);
    RESOLVE(crypto, BIO_new_mem_buf);
    RESOLVE(crypto, BIO_free);
    RESOLVE(crypto, BIO_ctrl);
    RESOLVE(crypto, BIO_read);
    RESOLVE(crypto, BIO_write);
    RESOLVE(crypto, PEM_write_bio_X509);
    RESOLVE(crypto, PEM_write_bio_PrivateKey);
    RESOLVE(crypto, PEM_read_bio_X509);
    RESOLVE(crypto, PEM_read_bio_PrivateKey);
    RESOLVE(ssl, TLS_server_method);
    RESOLVE(ssl, TLS_client_method);
    RESOLVE(ssl, SSL_CTX_new);
    RESOLVE(ssl, SSL_CTX_free);
    RESOLVE(ssl, SSL_CTX_use_certificate);
    RESOLVE(ssl, SSL_CTX_use_PrivateKey);
    RESOLVE(ssl, SSL_CTX_check_private_key);
    RESOLVE(ssl, SSL_CTX_ctrl);
    RESOLVE(ssl, SSL_CTX_set_options);
    RESOLVE(ssl, SSL_CTX_set_num_tickets);
    RESOLVE(ssl, SSL_CTX_get_cert_store);
    RESOLVE(ssl, SSL_CTX_set_verify);
    RESOLVE(ssl, SSL_new);
    RESOLVE(ssl, SSL_free);
    RESOLVE(ssl, SSL_set_fd);
    RESOLVE(ssl, SSL_set_bio);
    RESOLVE(ssl, SSL_set_accept_state);
    RESOLVE(ssl, SSL_set_connect_state);
    RESOLVE(ssl, SSL_do_handshake);
    RESOLVE(ssl, SSL_read);
    RESOLVE(ssl, SSL_write);
    RESOLVE(ssl, SSL_get_error);
    RESOLVE(ssl, SSL_pending);
    RESOLVE(ssl, SSL_shutdown);
    RESOLVE(ssl, SSL_is_init_finished);
    RESOLVE(ssl, SSL_get_version);
    RESOLVE(ssl, SSL_get_servername);
    RESOLVE(ssl, SSL_ctrl);
    RESOLVE(ssl, SSL_set1_host);
    RESOLVE(ssl, SSL_get_verify_result);
    if (load_error[0] == '\0' && mwt_ssl.OPENSSL_version_major() < 3) {
        snprintf(load_error, sizeof load_error, "%s is %s, not OpenSSL 3", loaded_path, mwt_ssl.OpenSSL_version(0));
    }
}

int mwt_load(char *error, size_t capacity) {
    pthread_once(&load_once, load_libraries);
    if (load_error[0] == '\0') return 0;
    if (error != NULL && capacity > 0) snprintf(error, capacity, "%s", load_error);
    return -1;
}

void mwt_library_description(char *path, size_t path_capacity, char *version, size_t version_capacity) {
    if (path_capacity > 0) path[0] = '\0';
    if (version_capacity > 0) version[0] = '\0';
    if (mwt_load(NULL, 0) != 0) return;
    snprintf(path, path_capacity, "%s", loaded_path);
    snprintf(version, version_capacity, "%s", mwt_ssl.OpenSSL_version(0));
}

void mwt_free(void *pointer) {
    if (pointer != NULL && mwt_load(NULL, 0) == 0) mwt_ssl.CRYPTO_free(pointer, __FILE__, __LINE__);
}

void mwt_take_error(char *buffer, size_t capacity, const char *fallback) {
    unsigned long code = mwt_ssl.ERR_get_error();
    if (code == 0) {
        snprintf(buffer, capacity, "%s", fallback);
    } else {
        mwt_ssl.ERR_error_string_n(code, buffer, capacity);
    }
    mwt_ssl.ERR_clear_error();
}
