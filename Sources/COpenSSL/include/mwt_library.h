// OpenSSL 3 (libssl and libcrypto), loaded on demand: HTTPS interception and the local certificate
// authority are the only parts of mockweather that need it, and plain HTTP must work without it.
// The libraries are opened with dlopen the first time they are needed: the system's on Linux,
// Homebrew's openssl@3 on macOS (whose own /usr/lib/libssl must never be loaded), or the directory
// named by MOCKWEATHER_OPENSSL_DIR.
#ifndef MWT_LIBRARY_H
#define MWT_LIBRARY_H

#include <stddef.h>

/// Loads libssl and libcrypto and resolves every function the shim uses, once per process.
/// Returns 0, or -1 with the reason (which libraries were tried, what was missing) in `error`.
int mwt_load(char *error, size_t capacity);

/// Where the loaded libssl came from and its version text (e.g. "OpenSSL 3.0.19 27 Jan 2026"), once
/// `mwt_load` has succeeded; empty strings before.
void mwt_library_description(char *path, size_t path_capacity, char *version, size_t version_capacity);

/// Frees memory OpenSSL allocated and the shim handed out (PEM and DER buffers, descriptions).
void mwt_free(void *pointer);

#endif
