// See CLibcurl.h for why libcurl is opened at run time. The option numbers are libcurl's stable ABI
// (curl.h: CURLOPT(name, type, number) = type base + number); no curl header is needed to build.
#include "CLibcurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

enum {
    OPT_LONG = 0,
    OPT_POINTER = 10000,
    OPT_FUNCTION = 20000,
    OPT_OFF_T = 30000,

    OPT_WRITEDATA = OPT_POINTER + 1,
    OPT_URL = OPT_POINTER + 2,
    OPT_ERRORBUFFER = OPT_POINTER + 10,
    OPT_WRITEFUNCTION = OPT_FUNCTION + 11,
    OPT_POSTFIELDS = OPT_POINTER + 15,
    OPT_HTTPHEADER = OPT_POINTER + 23,
    OPT_HEADERDATA = OPT_POINTER + 29,
    OPT_CUSTOMREQUEST = OPT_POINTER + 36,
    OPT_NOBODY = OPT_LONG + 44,
    OPT_FOLLOWLOCATION = OPT_LONG + 52,
    OPT_HEADERFUNCTION = OPT_FUNCTION + 79,
    OPT_NOSIGNAL = OPT_LONG + 99,
    OPT_ACCEPT_ENCODING = OPT_POINTER + 102,
    OPT_POSTFIELDSIZE_LARGE = OPT_OFF_T + 120,
    OPT_TIMEOUT_MS = OPT_LONG + 155,
    OPT_CONNECTTIMEOUT_MS = OPT_LONG + 156,
    OPT_PROTOCOLS = OPT_LONG + 181,

    PROTOCOL_HTTP = 1 << 0,
    PROTOCOL_HTTPS = 1 << 1,
    INFO_RESPONSE_CODE = 0x200000 + 2,
    GLOBAL_ALL = 3,
    ERROR_SIZE = 256,
};

struct curl_slist;

static struct {
    int (*global_init)(long flags);
    void *(*easy_init)(void);
    int (*easy_setopt)(void *handle, int option, ...);
    int (*easy_perform)(void *handle);
    int (*easy_getinfo)(void *handle, int info, ...);
    void (*easy_cleanup)(void *handle);
    const char *(*easy_strerror)(int code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
    void (*slist_free_all)(struct curl_slist *list);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];

#if defined(__APPLE__)
static const char *const library_names[] = {"/usr/lib/libcurl.4.dylib", "libcurl.4.dylib", "libcurl.dylib"};
#else
static const char *const library_names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};
#endif

static void *symbol(void *library, const char *name) {
    void *address = dlsym(library, name);
    if (address == NULL && load_error[0] == '\0') {
        snprintf(load_error, sizeof load_error, "libcurl has no %s", name);
    }
    return address;
}

static void load_library(void) {
    void *library = NULL;
    for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && library == NULL; i++) {
        library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load %s (%s)", library_names[0],
                 reason != NULL ? reason : "not found");
        return;
    }
    *(void **)&curl.global_init = symbol(library, "curl_global_init");
    *(void **)&curl.easy_init = symbol(library, "curl_easy_init");
    *(void **)&curl.easy_setopt = symbol(library, "curl_easy_setopt");
    *(void **)&curl.easy_perform = symbol(library, "curl_easy_perform");
    *(void **)&curl.easy_getinfo = symbol(library, "curl_easy_getinfo");
    *(void **)&curl.easy_cleanup = symbol(library, "curl_easy_cleanup");
    *(void **)&curl.easy_strerror = symbol(library, "curl_easy_strerror");
    *(void **)&curl.slist_append = symbol(library, "curl_slist_append");
    *(void **)&curl.slist_free_all = symbol(library, "curl_slist_free_all");
    if (load_error[0] != '\0') return;
    // curl_global_init is not thread-safe; pthread_once makes this the only call.
    int code = curl.global_init(GLOBAL_ALL);
    if (code != 0) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed: %s", curl.easy_strerror(code));
    }
}

// Loads libcurl and initialises it, once per process. Returns 0, or -1 with the reason in `error`.
static int load(char *error, size_t capacity) {
    pthread_once(&load_once, load_library);
    if (load_error[0] == '\0') return 0;
    if (error != NULL && capacity > 0) snprintf(error, capacity, "%s", load_error);
    return -1;
}

int mwc_perform(const mwc_request *request, mwc_result *result) {
    memset(result, 0, sizeof *result);
    if (load(result->message, sizeof result->message) != 0) {
        result->code = -1;
        return -1;
    }
    void *handle = curl.easy_init();
    if (handle == NULL) {
        result->code = -1;
        snprintf(result->message, sizeof result->message, "curl_easy_init failed");
        return -1;
    }
    char error_buffer[ERROR_SIZE] = {0};
    struct curl_slist *headers = NULL;
    for (int i = 0; i < request->header_count; i++) {
        headers = curl.slist_append(headers, request->headers[i]);
    }
    curl.easy_setopt(handle, OPT_ERRORBUFFER, error_buffer);
    curl.easy_setopt(handle, OPT_URL, request->url);
    curl.easy_setopt(handle, OPT_PROTOCOLS, (long)(PROTOCOL_HTTP | PROTOCOL_HTTPS));
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, "");  // every encoding libcurl can decode
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, request->timeout_ms);
    curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, request->timeout_ms);
    curl.easy_setopt(handle, OPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, request->on_header);
    curl.easy_setopt(handle, OPT_HEADERDATA, request->context);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, request->on_body);
    curl.easy_setopt(handle, OPT_WRITEDATA, request->context);
    if (request->body_length > 0) {
        // A body makes libcurl send POST; the custom method below keeps the client's method.
        curl.easy_setopt(handle, OPT_POSTFIELDSIZE_LARGE, (long long)request->body_length);
        curl.easy_setopt(handle, OPT_POSTFIELDS, request->body);
    }
    if (strcmp(request->method, "HEAD") == 0) {
        curl.easy_setopt(handle, OPT_NOBODY, 1L);
    } else if (strcmp(request->method, "GET") != 0 || request->body_length > 0) {
        curl.easy_setopt(handle, OPT_CUSTOMREQUEST, request->method);
    }
    result->code = curl.easy_perform(handle);
    if (result->code == 0) {
        curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &result->status);
    } else {
        snprintf(result->message, sizeof result->message, "%s",
                 error_buffer[0] != '\0' ? error_buffer : curl.easy_strerror(result->code));
    }
    curl.easy_cleanup(handle);
    curl.slist_free_all(headers);
    return result->code;
}
