// libevent's HTTP server (evhttp, from Debian's libevent-dev): what `rules serve` answers
// requests with. Swift imports these functions as they are; the few helpers below do what
// Swift cannot: count a header list (a TAILQ).
#ifndef RULES_CLIBEVENT_SHIM_H
#define RULES_CLIBEVENT_SHIM_H

// The system's headers first, as every other module sees them: libevent's event-config.h
// defines _GNU_SOURCE, which would give fd_set, in this module alone, another member name
// than Dispatch's (and Swift refuses two definitions of one type).
#include <sys/types.h>
#include <sys/select.h>
#include <sys/time.h>
#include <sys/socket.h>

#include <event2/buffer.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <event2/util.h>

/// How many headers `headers` holds (a request with too many is refused).
static inline int rules_evhttp_header_count(struct evkeyvalq *headers) {
    int count = 0;
    for (struct evkeyval *header = headers->tqh_first; header != NULL; header = header->next.tqe_next) count++;
    return count;
}

#endif
