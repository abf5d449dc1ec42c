#ifndef FOLIO_CCURL_SHIM_H
#define FOLIO_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, and Swift cannot call variadic C functions.
// One typed wrapper per argument kind makes each call type-checked on the Swift side.

static inline CURLcode folio_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

// libcurl copies string options (since 7.17), so the Swift string may go away after the call.
static inline CURLcode folio_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_set_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*folio_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode folio_curl_set_data_callback(CURL *handle, CURLoption option, folio_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

typedef size_t (*folio_curl_read_callback)(char *buffer, size_t size, size_t count, void *context);

static inline CURLcode folio_curl_set_read_callback(CURL *handle, folio_curl_read_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}

// The SMTP client reads the server's replies (code and text) and the commands it answers from here:
// libcurl reports only the last reply code, not its text nor which command it answered.
typedef int (*folio_curl_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size, void *context);

static inline CURLcode folio_curl_set_debug_callback(CURL *handle, folio_curl_debug_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, callback);
}

// The SMTP client notes the sockets libcurl opens: when libcurl gives up on a reply it says QUIT and
// waits the whole response timeout again for the goodbye, and only the socket can cut that short
// (CURLINFO_ACTIVESOCKET is not set while the transfer runs).
typedef int (*folio_curl_sockopt_callback)(void *context, curl_socket_t socket, curlsocktype purpose);

static inline CURLcode folio_curl_set_sockopt_callback(CURL *handle, folio_curl_sockopt_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_SOCKOPTFUNCTION, callback);
}

static inline CURLcode folio_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

// The string belongs to the handle and lives until its next transfer or cleanup.
static inline CURLcode folio_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode folio_curl_get_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
