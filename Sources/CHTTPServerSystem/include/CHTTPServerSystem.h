// System interfaces the Swift overlay for Glibc does not expose (epoll, eventfd, accept4), plus tiny
// helpers for structs Swift cannot lay out itself (struct epoll_event is packed on x86-64).
#ifndef CHTTPSERVERSYSTEM_H
#define CHTTPSERVERSYSTEM_H

#include <stdint.h>

#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

int chs_epoll_create(void);
int chs_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t data);
int chs_epoll_wait(int epfd, struct epoll_event *events, int capacity, int timeout_ms);
uint32_t chs_epoll_event_flags(const struct epoll_event *events, int index);
uint64_t chs_epoll_event_data(const struct epoll_event *events, int index);
struct epoll_event *chs_epoll_events_allocate(int capacity);
void chs_epoll_events_free(struct epoll_event *events);
int chs_eventfd(void);
int chs_accept4(int fd, struct sockaddr *address, socklen_t *length);
/// Names the calling thread (shown by top -H, gdb, perf); names longer than 15 bytes are cut.
void chs_set_current_thread_name(const char *name);

static const int CHS_SOCK_STREAM_NONBLOCK_CLOEXEC = SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC;

static const uint32_t CHS_EPOLLIN = EPOLLIN;
static const uint32_t CHS_EPOLLOUT = EPOLLOUT;
static const uint32_t CHS_EPOLLERR = EPOLLERR;
static const uint32_t CHS_EPOLLHUP = EPOLLHUP;
#endif

#endif
