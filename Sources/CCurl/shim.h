#ifndef FOLIO_CCURL_SHIM_H
#define FOLIO_CCURL_SHIM_H
#include <curl/curl.h>
#include <dlfcn.h>

// Folio does not link libcurl: linked, its tree of some 28 libraries (TLS, HTTP/2, SSH, LDAP,
// Kerberos…) was mapped and relocated at every start of every command, and only `fetch` and `mail`
// use the network. Its header still gives the types and constants; its functions are called through
// this table, filled from libcurl.so.4 when the first network client is made (FolioNet's `LibCurl`).
// The fields are never null once `folio_curl_load` has succeeded; what they point to may take and
// return null as libcurl documents.
struct folio_curl {
    CURLcode (*_Nonnull global_init)(long flags);
    CURL *_Nullable (*_Nonnull easy_init)(void);
    void (*_Nonnull easy_cleanup)(CURL *_Nullable handle);
    CURLcode (*_Nonnull easy_setopt)(CURL *_Nullable handle, CURLoption option, ...);
    CURLcode (*_Nonnull easy_getinfo)(CURL *_Nullable handle, CURLINFO info, ...);
    CURLcode (*_Nonnull easy_perform)(CURL *_Nullable handle);
    const char *_Nonnull (*_Nonnull easy_strerror)(CURLcode code);
    struct curl_slist *_Nullable (*_Nonnull slist_append)(struct curl_slist *_Nullable list, const char *_Nonnull item);
    void (*_Nonnull slist_free_all)(struct curl_slist *_Nullable list);
    CURLM *_Nullable (*_Nonnull multi_init)(void);
    CURLMcode (*_Nonnull multi_cleanup)(CURLM *_Nullable multi);
    CURLMcode (*_Nonnull multi_add_handle)(CURLM *_Nullable multi, CURL *_Nullable handle);
    CURLMcode (*_Nonnull multi_remove_handle)(CURLM *_Nullable multi, CURL *_Nullable handle);
    CURLMcode (*_Nonnull multi_perform)(CURLM *_Nullable multi, int *_Nonnull running);
    CURLMcode (*_Nonnull multi_poll)(CURLM *_Nullable multi, struct curl_waitfd *_Nullable extra, unsigned int extra_count,
                                     int timeout_ms, int *_Nullable ready);
    CURLMsg *_Nullable (*_Nonnull multi_info_read)(CURLM *_Nullable multi, int *_Nonnull left);
    CURLU *_Nullable (*_Nonnull url)(void);
    void (*_Nonnull url_cleanup)(CURLU *_Nullable url);
    CURLUcode (*_Nonnull url_set)(CURLU *_Nullable url, CURLUPart part, const char *_Nullable content, unsigned int flags);
    CURLUcode (*_Nonnull url_get)(const CURLU *_Nullable url, CURLUPart part, char *_Nullable *_Nonnull content, unsigned int flags);
    void (*_Nonnull free)(void *_Nullable pointer);
};

// Opens `soname` and fills `table` from it; returns null, or dlerror()'s message (the library not
// found, or the first function missing). The library is never closed: the table lives as long as
// the process.
static inline const char *_Nullable folio_curl_load(const char *_Nonnull soname, struct folio_curl *_Nonnull table) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) return dlerror();
#define FOLIO_CURL_FUNCTION(field)                                    \
    if (!(*(void **)&table->field = dlsym(library, "curl_" #field))) \
        return dlerror();
    FOLIO_CURL_FUNCTION(global_init)
    FOLIO_CURL_FUNCTION(easy_init)
    FOLIO_CURL_FUNCTION(easy_cleanup)
    FOLIO_CURL_FUNCTION(easy_setopt)
    FOLIO_CURL_FUNCTION(easy_getinfo)
    FOLIO_CURL_FUNCTION(easy_perform)
    FOLIO_CURL_FUNCTION(easy_strerror)
    FOLIO_CURL_FUNCTION(slist_append)
    FOLIO_CURL_FUNCTION(slist_free_all)
    FOLIO_CURL_FUNCTION(multi_init)
    FOLIO_CURL_FUNCTION(multi_cleanup)
    FOLIO_CURL_FUNCTION(multi_add_handle)
    FOLIO_CURL_FUNCTION(multi_remove_handle)
    FOLIO_CURL_FUNCTION(multi_perform)
    FOLIO_CURL_FUNCTION(multi_poll)
    FOLIO_CURL_FUNCTION(multi_info_read)
    FOLIO_CURL_FUNCTION(url)
    FOLIO_CURL_FUNCTION(url_cleanup)
    FOLIO_CURL_FUNCTION(url_set)
    FOLIO_CURL_FUNCTION(url_get)
    FOLIO_CURL_FUNCTION(free)
#undef FOLIO_CURL_FUNCTION
    return 0;
}

// curl_easy_setopt and curl_easy_getinfo are variadic, and Swift cannot call variadic C functions.
// One typed wrapper per argument kind makes each call type-checked on the Swift side.

static inline CURLcode folio_curl_set_long(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle, CURLoption option, long value) {
    return curl->easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_set_offset(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle, CURLoption option, curl_off_t value) {
    return curl->easy_setopt(handle, option, value);
}

// libcurl copies string options (since 7.17), so the Swift string may go away after the call.
static inline CURLcode folio_curl_set_string(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle, CURLoption option,
                                             const char *_Nullable value) {
    return curl->easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_set_pointer(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle, CURLoption option,
                                              void *_Nullable value) {
    return curl->easy_setopt(handle, option, value);
}

static inline CURLcode folio_curl_set_slist(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle, CURLoption option,
                                            struct curl_slist *_Nullable value) {
    return curl->easy_setopt(handle, option, value);
}

typedef size_t (*folio_curl_data_callback)(char *_Nullable data, size_t size, size_t count, void *_Nullable context);

static inline CURLcode folio_curl_set_data_callback(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle, CURLoption option,
                                                    folio_curl_data_callback _Nonnull callback) {
    return curl->easy_setopt(handle, option, callback);
}

typedef size_t (*folio_curl_read_callback)(char *_Nullable buffer, size_t size, size_t count, void *_Nullable context);

static inline CURLcode folio_curl_set_read_callback(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle,
                                                    folio_curl_read_callback _Nonnull callback) {
    return curl->easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}

// The SMTP client reads the server's replies (code and text) and the commands it answers from here:
// libcurl reports only the last reply code, not its text nor which command it answered.
typedef int (*folio_curl_debug_callback)(CURL *_Nullable handle, curl_infotype type, char *_Nullable data, size_t size,
                                         void *_Nullable context);

static inline CURLcode folio_curl_set_debug_callback(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle,
                                                     folio_curl_debug_callback _Nonnull callback) {
    return curl->easy_setopt(handle, CURLOPT_DEBUGFUNCTION, callback);
}

// The SMTP client notes the sockets libcurl opens: when libcurl gives up on a reply it says QUIT and
// waits the whole response timeout again for the goodbye, and only the socket can cut that short
// (CURLINFO_ACTIVESOCKET is not set while the transfer runs).
typedef int (*folio_curl_sockopt_callback)(void *_Nullable context, curl_socket_t socket, curlsocktype purpose);

static inline CURLcode folio_curl_set_sockopt_callback(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle,
                                                       folio_curl_sockopt_callback _Nonnull callback) {
    return curl->easy_setopt(handle, CURLOPT_SOCKOPTFUNCTION, callback);
}

static inline CURLcode folio_curl_get_long(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle, CURLINFO info,
                                           long *_Nonnull value) {
    return curl->easy_getinfo(handle, info, value);
}

// The string belongs to the handle and lives until its next transfer or cleanup.
static inline CURLcode folio_curl_get_string(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle, CURLINFO info,
                                             char *_Nullable *_Nonnull value) {
    return curl->easy_getinfo(handle, info, value);
}

static inline CURLcode folio_curl_get_double(const struct folio_curl *_Nonnull curl, CURL *_Nullable handle, CURLINFO info,
                                             double *_Nonnull value) {
    return curl->easy_getinfo(handle, info, value);
}

#endif
