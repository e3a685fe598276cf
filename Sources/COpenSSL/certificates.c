// See mwt_certificates.h: keys and certificates for the local CA, made by OpenSSL itself.
// timegm is a BSD and GNU extension, not ISO C.
#define _DEFAULT_SOURCE
#define _DARWIN_C_SOURCE

#include "mwt_certificates.h"
#include "mwt_library.h"
#include "openssl_abi.h"

#include <arpa/inet.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

// OpenSSL 3's stable values (bn.h, x509.h, asn1.h), used only here.
enum {
    BN_RAND_TOP_ONE = 0,
    BN_RAND_BOTTOM_ANY = 0,
    X509_VERSION_3 = 2,
};
// XN_FLAG_ONELINE, the subject form `openssl x509 -text` prints ("O = mockweather, CN = ...").
#define MWT_XN_FLAG_ONELINE 0x82031FUL

// The longest subjectAltName value accepted: far more than any list of hosts a mock serves.
enum { SAN_CAPACITY = 8192 };

static void set_error(char *error, size_t capacity, const char *text) {
    if (error != NULL && capacity > 0) snprintf(error, capacity, "%s", text);
}

// Loads OpenSSL and empties this thread's error queue, so a failure reports its own reason.
static int ready(char *error, size_t capacity) {
    if (error != NULL && capacity > 0) error[0] = '\0';
    if (mwt_load(error, capacity) != 0) return 0;
    mwt_ssl.ERR_clear_error();
    return 1;
}

// OpenSSL's reason for the failure just seen (or `fallback`), after the step that failed when one is
// named; the Swift caller says which operation it was part of.
static void fail(char *error, size_t capacity, const char *step, const char *fallback) {
    char reason[256];
    mwt_take_error(reason, sizeof reason, fallback);
    if (error == NULL || capacity == 0) return;
    if (step == NULL) {
        snprintf(error, capacity, "%s", reason);
    } else {
        snprintf(error, capacity, "%s: %s", step, reason);
    }
}

// Never ask for a pass phrase: OpenSSL's default callback would prompt on the terminal and wait.
static int refuse_passphrase(char *buffer, int size, int writing, void *context) {
    (void)buffer;
    (void)size;
    (void)writing;
    (void)context;
    return -1;
}

// A read-only memory BIO over caller bytes, or NULL with the reason written.
static BIO *input_bio(const char *bytes, size_t length, char *error, size_t capacity) {
    if (bytes == NULL || length == 0) {
        set_error(error, capacity, "the text is empty");
        return NULL;
    }
    if (length > INT_MAX) {
        set_error(error, capacity, "the text is too long");
        return NULL;
    }
    BIO *bio = mwt_ssl.BIO_new_mem_buf(bytes, (int)length);
    if (bio == NULL) fail(error, capacity, NULL, "cannot allocate a memory BIO");
    return bio;
}

// The bytes written into a memory BIO, copied into an OpenSSL allocation (so `mwt_free` frees it)
// with a NUL after them; frees the BIO.
static char *take_bio_text(BIO *bio, size_t *length) {
    char *data = NULL;
    long size = mwt_ssl.BIO_ctrl(bio, MWT_BIO_CTRL_INFO, 0, &data);
    char *copy = NULL;
    if (size >= 0 && data != NULL) {
        copy = mwt_ssl.CRYPTO_malloc((size_t)size + 1, __FILE__, __LINE__);
        if (copy != NULL) {
            memcpy(copy, data, (size_t)size);
            copy[size] = '\0';
            if (length != NULL) *length = (size_t)size;
        }
    }
    mwt_ssl.BIO_free(bio);
    return copy;
}

mwt_key *mwt_key_generate(char *error, size_t capacity) {
    if (!ready(error, capacity)) return NULL;
    EVP_PKEY *key = mwt_ssl.EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
    if (key == NULL) fail(error, capacity, NULL, "no reason given");
    return (mwt_key *)key;
}

mwt_key *mwt_key_read_pem(const char *pem, size_t length, char *error, size_t capacity) {
    if (!ready(error, capacity)) return NULL;
    BIO *bio = input_bio(pem, length, error, capacity);
    if (bio == NULL) return NULL;
    EVP_PKEY *key = mwt_ssl.PEM_read_bio_PrivateKey(bio, NULL, (void *)refuse_passphrase, NULL);
    if (key == NULL) fail(error, capacity, NULL, "no private key found");
    mwt_ssl.BIO_free(bio);
    return (mwt_key *)key;
}

char *mwt_key_pem(const mwt_key *key, size_t *length) {
    if (key == NULL || mwt_load(NULL, 0) != 0) return NULL;
    BIO *bio = mwt_ssl.BIO_new(mwt_ssl.BIO_s_mem());
    if (bio == NULL) return NULL;
    if (mwt_ssl.PEM_write_bio_PrivateKey(bio, (const EVP_PKEY *)key, NULL, NULL, 0, NULL, NULL) != 1) {
        mwt_ssl.BIO_free(bio);
        mwt_ssl.ERR_clear_error();
        return NULL;
    }
    return take_bio_text(bio, length);
}

void mwt_key_free(mwt_key *key) {
    if (key != NULL && mwt_load(NULL, 0) == 0) mwt_ssl.EVP_PKEY_free((EVP_PKEY *)key);
}

// Whether `name` can go into a subjectAltName as a DNS name: letters, digits, '-', '.', '_' and a
// leading "*." wildcard, so it can never break the comma-separated value handed to OpenSSL.
static int is_dns_name(const char *name) {
    size_t length = name == NULL ? 0 : strlen(name);
    if (length == 0 || length > 253) return 0;
    for (size_t i = 0; i < length; i++) {
        char c = name[i];
        int plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '.' || c == '_';
        if (!plain && !(c == '*' && i == 0 && length > 2 && name[1] == '.')) return 0;
    }
    return 1;
}

static int is_ip_address(const char *text) {
    unsigned char address[16];
    return text != NULL && (inet_pton(AF_INET, text, address) == 1 || inet_pton(AF_INET6, text, address) == 1);
}

// "DNS:a,DNS:b,IP:127.0.0.1,IP:::1", or 0 with the offending entry named in `error`.
static int subject_alt_names(const mwt_certificate_request *request, char *out, size_t size, char *error,
                             size_t capacity) {
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < request->dns_count + request->ip_count; i++) {
        int is_dns = i < request->dns_count;
        const char *entry = is_dns ? request->dns_names[i] : request->ip_addresses[i - request->dns_count];
        if (is_dns ? !is_dns_name(entry) : !is_ip_address(entry)) {
            char text[320];
            snprintf(text, sizeof text, "'%.200s' is not a valid %s for subjectAltName",
                     entry == NULL ? "(null)" : entry, is_dns ? "DNS name" : "IP address");
            set_error(error, capacity, text);
            return 0;
        }
        int written = snprintf(out + used, size - used, "%s%s:%s", used > 0 ? "," : "", is_dns ? "DNS" : "IP", entry);
        if (written < 0 || (size_t)written >= size - used) {
            set_error(error, capacity, "too many subjectAltName entries");
            return 0;
        }
        used += (size_t)written;
    }
    return 1;
}

// Adds one extension written in OpenSSL's configuration syntax ("critical,CA:TRUE").
static int add_extension(X509 *certificate, X509 *issuer, const char *name, const char *value, char *error,
                         size_t capacity) {
    X509V3_CTX_STORAGE context;
    memset(&context, 0, sizeof context);
    mwt_ssl.X509V3_set_ctx(&context, issuer, certificate, NULL, NULL, 0);
    X509_EXTENSION *extension = mwt_ssl.X509V3_EXT_nconf(NULL, &context, name, value);
    char operation[96];
    snprintf(operation, sizeof operation, "adding the %s extension", name);
    if (extension == NULL) {
        fail(error, capacity, operation, "OpenSSL refused it");
        return 0;
    }
    int added = mwt_ssl.X509_add_ext(certificate, extension, -1);
    mwt_ssl.X509_EXTENSION_free(extension);
    if (!added) fail(error, capacity, operation, "OpenSSL refused it");
    return added;
}

static int add_name_entry(X509_NAME *name, const char *field, const char *value, char *error, size_t capacity) {
    if (mwt_ssl.X509_NAME_add_entry_by_txt(name, field, MWT_MBSTRING_UTF8, (const unsigned char *)value, -1, -1,
                                           0) == 1) {
        return 1;
    }
    char operation[64];
    snprintf(operation, sizeof operation, "setting the subject's %s", field);
    fail(error, capacity, operation, "OpenSSL refused it");
    return 0;
}

static int set_serial(X509 *certificate, char *error, size_t capacity) {
    BIGNUM *number = mwt_ssl.BN_new();
    // 128 random bits with the top one set: positive, never zero, 17 octets in DER (RFC 5280 allows 20).
    int ok = number != NULL && mwt_ssl.BN_rand(number, 128, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ANY) == 1 &&
             mwt_ssl.BN_to_ASN1_INTEGER(number, mwt_ssl.X509_get_serialNumber(certificate)) != NULL;
    if (number != NULL) mwt_ssl.BN_free(number);
    if (!ok) fail(error, capacity, "making a serial number", "OpenSSL refused it");
    return ok;
}

static int set_validity(X509 *certificate, long long not_before, long long not_after, char *error,
                        size_t capacity) {
    time_t before = (time_t)not_before;
    time_t after = (time_t)not_after;
    if ((long long)before != not_before || (long long)after != not_after || not_after <= not_before) {
        set_error(error, capacity, "the validity must end after it starts");
        return 0;
    }
    if (mwt_ssl.X509_time_adj_ex(mwt_ssl.X509_getm_notBefore(certificate), 0, 0, &before) == NULL ||
        mwt_ssl.X509_time_adj_ex(mwt_ssl.X509_getm_notAfter(certificate), 0, 0, &after) == NULL) {
        fail(error, capacity, "setting the validity", "OpenSSL refused it");
        return 0;
    }
    return 1;
}

static int check_request(const mwt_certificate_request *request, const mwt_key *subject_key,
                         const mwt_certificate *issuer, const mwt_key *issuer_key, char *error, size_t capacity) {
    const char *problem = NULL;
    if (request == NULL || subject_key == NULL || issuer_key == NULL) {
        problem = "no request, subject key or issuer key";
    } else if (request->common_name == NULL || request->common_name[0] == '\0') {
        problem = "the subject has no common name";
    } else if (request->dns_count < 0 || request->ip_count < 0 || (request->dns_count > 0 && !request->dns_names) ||
               (request->ip_count > 0 && !request->ip_addresses)) {
        problem = "the subjectAltName lists are malformed";
    } else if (!request->is_authority && request->dns_count + request->ip_count == 0) {
        problem = "a server certificate needs at least one host in subjectAltName";
    } else if (issuer == NULL && issuer_key != subject_key) {
        problem = "a self-signed certificate is signed with its own key";
    } else if (issuer != NULL &&
               mwt_ssl.X509_check_private_key((const X509 *)issuer, (const EVP_PKEY *)issuer_key) != 1) {
        mwt_ssl.ERR_clear_error();
        problem = "the issuer key does not match the issuer certificate";
    }
    if (problem != NULL) set_error(error, capacity, problem);
    return problem == NULL;
}

static int add_extensions(X509 *certificate, X509 *issuer, const mwt_certificate_request *request, char *error,
                          size_t capacity) {
    // The subject key identifier goes first: authorityKeyIdentifier of a self-signed CA copies it.
    if (!add_extension(certificate, issuer, "subjectKeyIdentifier", "hash", error, capacity) ||
        !add_extension(certificate, issuer, "authorityKeyIdentifier", "keyid:always", error, capacity)) {
        return 0;
    }
    if (request->is_authority) {
        // pathlen:0: this CA signs leaves only, never another CA under it.
        return add_extension(certificate, issuer, "basicConstraints", "critical,CA:TRUE,pathlen:0", error,
                             capacity) &&
               add_extension(certificate, issuer, "keyUsage", "critical,keyCertSign,cRLSign", error, capacity);
    }
    char names[SAN_CAPACITY];
    // ECDSA keys sign the handshake (digitalSignature); keyEncipherment is for RSA key transport.
    return subject_alt_names(request, names, sizeof names, error, capacity) &&
           add_extension(certificate, issuer, "basicConstraints", "critical,CA:FALSE", error, capacity) &&
           add_extension(certificate, issuer, "keyUsage", "critical,digitalSignature", error, capacity) &&
           add_extension(certificate, issuer, "extendedKeyUsage", "serverAuth", error, capacity) &&
           add_extension(certificate, issuer, "subjectAltName", names, error, capacity);
}

mwt_certificate *mwt_certificate_issue(const mwt_certificate_request *request, const mwt_key *subject_key,
                                       const mwt_certificate *issuer, const mwt_key *issuer_key, char *error,
                                       size_t capacity) {
    if (!ready(error, capacity)) return NULL;
    if (!check_request(request, subject_key, issuer, issuer_key, error, capacity)) return NULL;
    X509 *certificate = mwt_ssl.X509_new();
    if (certificate == NULL) {
        fail(error, capacity, NULL, "cannot allocate a certificate");
        return NULL;
    }
    X509 *signer = issuer != NULL ? (X509 *)issuer : certificate;
    X509_NAME *subject = mwt_ssl.X509_get_subject_name(certificate);
    int ok = mwt_ssl.X509_set_version(certificate, X509_VERSION_3) == 1 && set_serial(certificate, error, capacity) &&
             set_validity(certificate, request->not_before, request->not_after, error, capacity) &&
             (request->organization == NULL || add_name_entry(subject, "O", request->organization, error, capacity)) &&
             add_name_entry(subject, "CN", request->common_name, error, capacity) &&
             mwt_ssl.X509_set_issuer_name(certificate, mwt_ssl.X509_get_subject_name(signer)) == 1 &&
             mwt_ssl.X509_set_pubkey(certificate, (EVP_PKEY *)subject_key) == 1 &&
             add_extensions(certificate, signer, request, error, capacity);
    if (ok && mwt_ssl.X509_sign(certificate, (EVP_PKEY *)issuer_key, mwt_ssl.EVP_sha256()) <= 0) {
        fail(error, capacity, "signing the certificate", "OpenSSL refused it");
        ok = 0;
    }
    if (!ok) {
        // The helpers above wrote their reason; a failed setter of OpenSSL's own did not.
        if (error != NULL && capacity > 0 && error[0] == '\0') fail(error, capacity, NULL, "OpenSSL refused it");
        mwt_ssl.X509_free(certificate);
        return NULL;
    }
    return (mwt_certificate *)certificate;
}

mwt_certificate *mwt_certificate_read_pem(const char *pem, size_t length, char *error, size_t capacity) {
    if (!ready(error, capacity)) return NULL;
    BIO *bio = input_bio(pem, length, error, capacity);
    if (bio == NULL) return NULL;
    X509 *certificate = mwt_ssl.PEM_read_bio_X509(bio, NULL, (void *)refuse_passphrase, NULL);
    if (certificate == NULL) fail(error, capacity, NULL, "no certificate found");
    mwt_ssl.BIO_free(bio);
    return (mwt_certificate *)certificate;
}

char *mwt_certificate_pem(const mwt_certificate *certificate, size_t *length) {
    if (certificate == NULL || mwt_load(NULL, 0) != 0) return NULL;
    BIO *bio = mwt_ssl.BIO_new(mwt_ssl.BIO_s_mem());
    if (bio == NULL) return NULL;
    if (mwt_ssl.PEM_write_bio_X509(bio, (const X509 *)certificate) != 1) {
        mwt_ssl.BIO_free(bio);
        mwt_ssl.ERR_clear_error();
        return NULL;
    }
    return take_bio_text(bio, length);
}

unsigned char *mwt_certificate_der(const mwt_certificate *certificate, size_t *length) {
    if (certificate == NULL || mwt_load(NULL, 0) != 0) return NULL;
    unsigned char *der = NULL;
    // With *out NULL, i2d allocates the buffer with OPENSSL_malloc, which mwt_free releases.
    int size = mwt_ssl.i2d_X509((const X509 *)certificate, &der);
    if (size <= 0) {
        mwt_ssl.ERR_clear_error();
        return NULL;
    }
    if (length != NULL) *length = (size_t)size;
    return der;
}

int mwt_certificate_sha256(const mwt_certificate *certificate, unsigned char out[32]) {
    if (certificate == NULL || mwt_load(NULL, 0) != 0) return -1;
    unsigned int length = 0;
    if (mwt_ssl.X509_digest((const X509 *)certificate, mwt_ssl.EVP_sha256(), out, &length) != 1 || length != 32) {
        mwt_ssl.ERR_clear_error();
        return -1;
    }
    return 0;
}

char *mwt_certificate_text(const mwt_certificate *certificate, size_t *length) {
    if (certificate == NULL || mwt_load(NULL, 0) != 0) return NULL;
    BIO *bio = mwt_ssl.BIO_new(mwt_ssl.BIO_s_mem());
    if (bio == NULL) return NULL;
    if (mwt_ssl.X509_print_ex(bio, (X509 *)certificate, MWT_XN_FLAG_ONELINE, 0) != 1) {
        mwt_ssl.BIO_free(bio);
        mwt_ssl.ERR_clear_error();
        return NULL;
    }
    return take_bio_text(bio, length);
}

static int unix_seconds(const ASN1_TIME *time, long long *seconds) {
    struct tm parts;
    memset(&parts, 0, sizeof parts);
    if (time == NULL || mwt_ssl.ASN1_TIME_to_tm(time, &parts) != 1) {
        mwt_ssl.ERR_clear_error();
        return -1;
    }
    time_t value = timegm(&parts);
    if (value == (time_t)-1) return -1;
    *seconds = (long long)value;
    return 0;
}

int mwt_certificate_validity(const mwt_certificate *certificate, long long *not_before, long long *not_after) {
    if (certificate == NULL || not_before == NULL || not_after == NULL || mwt_load(NULL, 0) != 0) return -1;
    const X509 *x509 = (const X509 *)certificate;
    if (unix_seconds(mwt_ssl.X509_get0_notBefore(x509), not_before) != 0) return -1;
    return unix_seconds(mwt_ssl.X509_get0_notAfter(x509), not_after);
}

int mwt_certificate_subject(const mwt_certificate *certificate, char *buffer, size_t capacity) {
    if (certificate == NULL || buffer == NULL || capacity == 0 || mwt_load(NULL, 0) != 0) return -1;
    int size = capacity > INT_MAX ? INT_MAX : (int)capacity;
    X509_NAME *name = mwt_ssl.X509_get_subject_name((const X509 *)certificate);
    if (name == NULL || mwt_ssl.X509_NAME_oneline(name, buffer, size) == NULL) {
        mwt_ssl.ERR_clear_error();
        buffer[0] = '\0';
        return -1;
    }
    return 0;
}

int mwt_certificate_matches_key(const mwt_certificate *certificate, const mwt_key *key) {
    if (certificate == NULL || key == NULL || mwt_load(NULL, 0) != 0) return 0;
    int matches = mwt_ssl.X509_check_private_key((const X509 *)certificate, (const EVP_PKEY *)key) == 1;
    // A mismatch is an answer, not an error: leave no reason queued for the next caller.
    mwt_ssl.ERR_clear_error();
    return matches;
}

int mwt_certificate_is_signed_by(const mwt_certificate *certificate, const mwt_certificate *issuer) {
    if (certificate == NULL || issuer == NULL || mwt_load(NULL, 0) != 0) return 0;
    EVP_PKEY *key = mwt_ssl.X509_get0_pubkey((const X509 *)issuer);
    int signed_by = key != NULL && mwt_ssl.X509_verify((X509 *)certificate, key) == 1;
    mwt_ssl.ERR_clear_error();
    return signed_by;
}

void mwt_certificate_free(mwt_certificate *certificate) {
    if (certificate != NULL && mwt_load(NULL, 0) == 0) mwt_ssl.X509_free((X509 *)certificate);
}
