/* Parses one drawn URL with libyuarel, then splits its path and its query. */
#include "../yuarel/yuarel.h"

int parse_url(char *url_str) {
    struct yuarel url;
    if (yuarel_parse(&url, url_str) == -1) return -1;
    int n = 0;
    if (url.path) {
        char *parts[8];
        n += yuarel_split_path(url.path, parts, 8);
    }
    if (url.query) {
        struct yuarel_param params[8];
        n += yuarel_parse_query(url.query, '&', params, 8);
    }
    return n;
}
