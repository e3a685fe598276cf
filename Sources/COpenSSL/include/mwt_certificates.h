// Keys and X.509 certificates for the local certificate authority and the leaves it issues, made
// with OpenSSL itself (no hand-written ASN.1). Every function loads OpenSSL first if needed; one
// that fails returns NULL (or -1) and writes why into `error` when the caller gives one.
#ifndef MWT_CERTIFICATES_H
#define MWT_CERTIFICATES_H

#include <stddef.h>

/// A private key (an OpenSSL EVP_PKEY). Immutable once made: safe to share between threads.
typedef struct mwt_key mwt_key;
/// A certificate (an OpenSSL X509). Immutable once made: safe to share between threads.
typedef struct mwt_certificate mwt_certificate;

/// A new ECDSA P-256 key (accepted by Apple's platforms and every browser).
mwt_key *mwt_key_generate(char *error, size_t capacity);
/// Reads an unencrypted PEM private key.
mwt_key *mwt_key_read_pem(const char *pem, size_t length, char *error, size_t capacity);
/// The key as unencrypted PKCS#8 PEM; free it with `mwt_free`. NULL on failure.
char *mwt_key_pem(const mwt_key *key, size_t *length);
void mwt_key_free(mwt_key *key);

/// What a certificate says about its subject.
typedef struct mwt_certificate_request {
    /// The subject's CN (and O when `organization` is not NULL).
    const char *common_name;
    const char *organization;
    /// subjectAltName entries: DNS names and IP addresses (textual, IPv4 or IPv6).
    const char *const *dns_names;
    int dns_count;
    const char *const *ip_addresses;
    int ip_count;
    /// Validity, as Unix seconds.
    long long not_before;
    long long not_after;
    /// 1: a CA (basicConstraints CA:TRUE critical, keyUsage keyCertSign and cRLSign critical).
    /// 0: a TLS server leaf (CA:FALSE, keyUsage digitalSignature critical, extendedKeyUsage
    /// serverAuth, subjectAltName); both carry subject and authority key identifiers.
    int is_authority;
} mwt_certificate_request;

/// Issues a certificate for `subject_key` signed with SHA-256 by `issuer_key`; `issuer` NULL makes
/// it self-signed (then `issuer_key` must be `subject_key`). A random positive 128-bit serial.
mwt_certificate *mwt_certificate_issue(
    const mwt_certificate_request *request, const mwt_key *subject_key, const mwt_certificate *issuer,
    const mwt_key *issuer_key, char *error, size_t capacity);
/// Reads the first certificate of a PEM text.
mwt_certificate *mwt_certificate_read_pem(const char *pem, size_t length, char *error, size_t capacity);
/// PEM and DER encodings; free with `mwt_free`. NULL on failure.
char *mwt_certificate_pem(const mwt_certificate *certificate, size_t *length);
unsigned char *mwt_certificate_der(const mwt_certificate *certificate, size_t *length);
/// The SHA-256 fingerprint of the DER encoding into `out` (32 bytes). Returns 0 or -1.
int mwt_certificate_sha256(const mwt_certificate *certificate, unsigned char out[32]);
/// OpenSSL's human-readable dump (as `openssl x509 -text`); free with `mwt_free`.
char *mwt_certificate_text(const mwt_certificate *certificate, size_t *length);
/// Validity as Unix seconds. Returns 0 or -1.
int mwt_certificate_validity(const mwt_certificate *certificate, long long *not_before, long long *not_after);
/// The subject as one line (`/O=mockweather/CN=...`). Returns 0 or -1.
int mwt_certificate_subject(const mwt_certificate *certificate, char *buffer, size_t capacity);
/// 1 when `key` is the private half of the certificate's public key, else 0.
int mwt_certificate_matches_key(const mwt_certificate *certificate, const mwt_key *key);
/// 1 when `issuer`'s key verifies `certificate`'s signature, else 0.
int mwt_certificate_is_signed_by(const mwt_certificate *certificate, const mwt_certificate *issuer);
void mwt_certificate_free(mwt_certificate *certificate);

#endif
