#define _GNU_SOURCE
#include "CHTTPServerSystem.h"

#ifdef __linux__
#include <stdlib.h>
#include <sys/eventfd.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>

int chs_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int chs_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t data) {
    struct epoll_event event;
    event.events = events;
    event.data.u64 = data;
    return epoll_ctl(epfd, op, fd, &event);
}

int chs_epoll_wait(int epfd, struct epoll_event *events, int capacity, int timeout_ms) {
    return epoll_wait(epfd, events, capacity, timeout_ms);
}

uint32_t chs_epoll_event_flags(const struct epoll_event *events, int index) { return events[index].events; }

uint64_t chs_epoll_event_data(const struct epoll_event *events, int index) { return events[index].data.u64; }

struct epoll_event *chs_epoll_events_allocate(int capacity) {
    return calloc((size_t)capacity, sizeof(struct epoll_event));
}

void chs_epoll_events_free(struct epoll_event *events) { free(events); }

int chs_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int chs_accept4(int fd, struct sockaddr *address, socklen_t *length) {
    return accept4(fd, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

void chs_set_current_thread_name(const char *name) {
    char truncated[16];
    strncpy(truncated, name, sizeof(truncated) - 1);
    truncated[sizeof(truncated) - 1] = 0;
    pthread_setname_np(pthread_self(), truncated);
}
#endif
