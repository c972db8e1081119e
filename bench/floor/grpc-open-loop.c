/*
 * The gRPC door's open-loop generator (bench/floor/grpc-open-loop-run.ts builds and runs it).
 *
 * Call i leaves at t0 + i/rate on connection i % connections, whatever the answers do, and its
 * latency runs from that intended time (a late send or a queue in the client counts, coordinated
 * omission accounted for). Unlike h2load --rps, whose timer sends each connection's calls in bursts
 * every 10 ms, the schedule is kept to the microsecond with an absolute timerfd. C on libnghttp2
 * because the Node generators' own garbage collection set the bare server's ceiling (bench/README).
 *
 * Usage: grpc-open-loop HOST PORT PATH BODY_FILE RATE DURATION_S WARMUP_S CONNECTIONS LOG_FILE [HEADER ...]
 * HEADER is "name: value". The log has a line per measured call: intended start (µs, monotonic),
 * outcome (0: HTTP 200 with grpc-status 0; 1: another answer; 2: unanswered or cut), latency (µs).
 * The last line of standard output is "sent N answered N failed N unanswered N max_lateness_us N".
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <nghttp2/nghttp2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define MAX_HEADERS 16
#define DRAIN_US 1000000
#define OUTCOME_OK 0
#define OUTCOME_FAILED 1
#define OUTCOME_UNANSWERED 2

typedef struct {
  int64_t intended_us;
  int64_t latency_us;
  int http_status;
  int grpc_status; /* -1 until the trailers say */
  int done;
  int outcome;
} call_t;

typedef struct {
  int fd;
  nghttp2_session *session;
  int want_out; /* EPOLLOUT registered */
} conn_t;

static call_t *calls;
static int64_t total_calls, warmup_calls, answered, failed, open_measured;
static const uint8_t *body;
static size_t body_len;

static int64_t now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void die(const char *what) {
  perror(what);
  exit(2);
}

static ssize_t send_cb(nghttp2_session *session, const uint8_t *data, size_t length, int flags, void *user) {
  (void)session;
  (void)flags;
  conn_t *conn = user;
  ssize_t written = write(conn->fd, data, length);
  if (written < 0) return errno == EAGAIN || errno == EWOULDBLOCK ? NGHTTP2_ERR_WOULDBLOCK : NGHTTP2_ERR_CALLBACK_FAILURE;
  return written;
}

static int on_header_cb(nghttp2_session *session, const nghttp2_frame *frame, const uint8_t *name, size_t namelen,
                        const uint8_t *value, size_t valuelen, uint8_t flags, void *user) {
  (void)flags;
  (void)user;
  call_t *call = nghttp2_session_get_stream_user_data(session, frame->hd.stream_id);
  if (!call) return 0;
  char text[16] = {0};
  size_t n = valuelen < sizeof text - 1 ? valuelen : sizeof text - 1;
  memcpy(text, value, n);
  if (namelen == 7 && memcmp(name, ":status", 7) == 0) call->http_status = atoi(text);
  if (namelen == 11 && memcmp(name, "grpc-status", 11) == 0) call->grpc_status = atoi(text);
  return 0;
}

static int on_stream_close_cb(nghttp2_session *session, int32_t stream_id, uint32_t error_code, void *user) {
  (void)user;
  call_t *call = nghttp2_session_get_stream_user_data(session, stream_id);
  if (!call || call->done) return 0;
  call->done = 1;
  call->latency_us = now_us() - call->intended_us;
  int ok = error_code == NGHTTP2_NO_ERROR && call->http_status == 200 && call->grpc_status == 0;
  call->outcome = ok ? OUTCOME_OK : OUTCOME_FAILED;
  if (call - calls >= warmup_calls) {
    open_measured--;
    if (ok) answered++;
    else failed++;
  }
  return 0;
}

static ssize_t read_body_cb(nghttp2_session *session, int32_t stream_id, uint8_t *buf, size_t length,
                            uint32_t *data_flags, nghttp2_data_source *source, void *user) {
  (void)session;
  (void)stream_id;
  (void)user;
  size_t offset = (size_t)source->ptr;
  size_t n = body_len - offset < length ? body_len - offset : length;
  memcpy(buf, body + offset, n);
  source->ptr = (void *)(offset + n);
  if (offset + n == body_len) *data_flags |= NGHTTP2_DATA_FLAG_EOF;
  return (ssize_t)n;
}

static void watch(int epfd, conn_t *conn, int index) {
  int want = nghttp2_session_want_write(conn->session);
  if (want == conn->want_out) return;
  struct epoll_event ev = {.events = EPOLLIN | (want ? EPOLLOUT : 0), .data.u64 = (uint64_t)index};
  if (epoll_ctl(epfd, EPOLL_CTL_MOD, conn->fd, &ev) != 0) die("epoll_ctl");
  conn->want_out = want;
}

static void flush(int epfd, conn_t *conn, int index) {
  if (nghttp2_session_send(conn->session) != 0) {
    fprintf(stderr, "connection %d: send failed\n", index);
    exit(2);
  }
  watch(epfd, conn, index);
}

static uint8_t *read_file(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (!file) die(path);
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  uint8_t *data = malloc(size > 0 ? (size_t)size : 1);
  if (size > 0 && fread(data, 1, (size_t)size, file) != (size_t)size) die("fread");
  fclose(file);
  *length = (size_t)size;
  return data;
}

static nghttp2_nv make_nv(const char *name, size_t namelen, const char *value, size_t valuelen) {
  nghttp2_nv nv = {(uint8_t *)name, (uint8_t *)value, namelen, valuelen, NGHTTP2_NV_FLAG_NONE};
  return nv;
}

int main(int argc, char **argv) {
  if (argc < 10) {
    fprintf(stderr, "usage: %s HOST PORT PATH BODY_FILE RATE DURATION_S WARMUP_S CONNECTIONS LOG_FILE [HEADER ...]\n", argv[0]);
    return 2;
  }
  const char *host = argv[1];
  int port = atoi(argv[2]);
  const char *path = argv[3];
  body = read_file(argv[4], &body_len);
  double rate = atof(argv[5]), duration_s = atof(argv[6]), warmup_s = atof(argv[7]);
  int connections = atoi(argv[8]);
  const char *log_path = argv[9];
  if (rate <= 0 || duration_s <= 0 || warmup_s < 0 || connections < 1 || argc - 10 > MAX_HEADERS) {
    fprintf(stderr, "bad arguments\n");
    return 2;
  }

  char authority[300];
  snprintf(authority, sizeof authority, "%s:%d", host, port);
  nghttp2_nv nva[6 + MAX_HEADERS];
  size_t nvlen = 0;
  nva[nvlen++] = make_nv(":method", 7, "POST", 4);
  nva[nvlen++] = make_nv(":scheme", 7, "http", 4);
  nva[nvlen++] = make_nv(":path", 5, path, strlen(path));
  nva[nvlen++] = make_nv(":authority", 10, authority, strlen(authority));
  nva[nvlen++] = make_nv("content-type", 12, "application/grpc", 16);
  nva[nvlen++] = make_nv("te", 2, "trailers", 8);
  for (int i = 10; i < argc; i++) {
    char *colon = strchr(argv[i], ':');
    if (!colon || colon == argv[i]) {
      fprintf(stderr, "header \"%s\": name: value\n", argv[i]);
      return 2;
    }
    *colon = '\0';
    char *value = colon + 1;
    while (*value == ' ') value++;
    nva[nvlen++] = make_nv(argv[i], strlen(argv[i]), value, strlen(value));
  }

  warmup_calls = (int64_t)(rate * warmup_s + 0.5);
  total_calls = warmup_calls + (int64_t)(rate * duration_s + 0.5);
  calls = calloc((size_t)total_calls, sizeof *calls);

  int epfd = epoll_create1(0);
  if (epfd < 0) die("epoll_create1");
  nghttp2_session_callbacks *callbacks;
  nghttp2_session_callbacks_new(&callbacks);
  nghttp2_session_callbacks_set_send_callback(callbacks, send_cb);
  nghttp2_session_callbacks_set_on_header_callback(callbacks, on_header_cb);
  nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, on_stream_close_cb);
  conn_t *conns = calloc((size_t)connections, sizeof *conns);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
  if (inet_pton(AF_INET, host, &address.sin_addr) != 1) {
    fprintf(stderr, "host: an IPv4 address, not %s\n", host);
    return 2;
  }
  for (int c = 0; c < connections; c++) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) die("socket");
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) die("connect");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    conns[c].fd = fd;
    nghttp2_session_client_new(&conns[c].session, callbacks, &conns[c]);
    /* Streams enough that the schedule never waits for one; windows that never hold an answer back. */
    nghttp2_settings_entry settings[] = {{NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, 1u << 16},
                                         {NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, (1u << 30) - 1}};
    nghttp2_submit_settings(conns[c].session, NGHTTP2_FLAG_NONE, settings, 2);
    nghttp2_session_set_local_window_size(conns[c].session, NGHTTP2_FLAG_NONE, 0, (1 << 30) - 1);
    struct epoll_event ev = {.events = EPOLLIN, .data.u64 = (uint64_t)c};
    if (epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev) != 0) die("epoll_ctl");
    flush(epfd, &conns[c], c);
  }

  int timer = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);
  if (timer < 0) die("timerfd_create");
  struct epoll_event tev = {.events = EPOLLIN, .data.u64 = UINT64_MAX};
  if (epoll_ctl(epfd, EPOLL_CTL_ADD, timer, &tev) != 0) die("epoll_ctl");

  /* A little lead so that the first call is not already late. */
  int64_t t0 = now_us() + 20000;
  double interval_us = 1e6 / rate;
  for (int64_t i = 0; i < total_calls; i++) calls[i].intended_us = t0 + (int64_t)(i * interval_us);
  int64_t schedule_end = calls[total_calls - 1].intended_us;
  int64_t next = 0, max_lateness = 0;
  uint8_t buf[65536];

  for (;;) {
    int64_t now = now_us();
    while (next < total_calls && calls[next].intended_us <= now) {
      call_t *call = &calls[next];
      conn_t *conn = &conns[next % connections];
      call->grpc_status = -1;
      if (now - call->intended_us > max_lateness) max_lateness = now - call->intended_us;
      nghttp2_data_provider provider = {.source.ptr = (void *)0, .read_callback = read_body_cb};
      if (nghttp2_submit_request(conn->session, NULL, nva, nvlen, &provider, call) < 0) {
        fprintf(stderr, "submit failed\n");
        return 2;
      }
      if (next >= warmup_calls) open_measured++;
      next++;
    }
    for (int c = 0; c < connections; c++) flush(epfd, &conns[c], c);
    if (next == total_calls && (open_measured == 0 || now > schedule_end + DRAIN_US)) break;

    int64_t wake = next < total_calls ? calls[next].intended_us : schedule_end + DRAIN_US;
    struct itimerspec spec = {0};
    spec.it_value.tv_sec = wake / 1000000;
    spec.it_value.tv_nsec = (wake % 1000000) * 1000;
    if (timerfd_settime(timer, TFD_TIMER_ABSTIME, &spec, NULL) != 0) die("timerfd_settime");
    struct epoll_event events[64];
    int n = epoll_wait(epfd, events, 64, -1);
    if (n < 0 && errno != EINTR) die("epoll_wait");
    for (int e = 0; e < n; e++) {
      if (events[e].data.u64 == UINT64_MAX) {
        uint64_t expirations;
        if (read(timer, &expirations, sizeof expirations) < 0 && errno != EAGAIN) die("read timerfd");
        continue;
      }
      int c = (int)events[e].data.u64;
      conn_t *conn = &conns[c];
      if (events[e].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
        for (;;) {
          ssize_t got = read(conn->fd, buf, sizeof buf);
          if (got > 0) {
            if (nghttp2_session_mem_recv(conn->session, buf, (size_t)got) < 0) {
              fprintf(stderr, "connection %d: bad HTTP/2 from the server\n", c);
              return 2;
            }
            continue;
          }
          if (got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
            fprintf(stderr, "connection %d: closed by the server\n", c);
            goto report;
          }
          break;
        }
      }
      /* What the reads call for (WINDOW_UPDATE, SETTINGS acks) and EPOLLOUT's resume go out at the loop's top. */
    }
  }

report:;
  int64_t end = now_us(), unanswered = 0;
  FILE *log = fopen(log_path, "w");
  if (!log) die(log_path);
  for (int64_t i = warmup_calls; i < total_calls; i++) {
    call_t *call = &calls[i];
    if (!call->done) {
      /* Unanswered (or never sent): an error, at the latency it had reached. */
      call->outcome = OUTCOME_UNANSWERED;
      call->latency_us = end > call->intended_us ? end - call->intended_us : 0;
      unanswered++;
    }
    fprintf(log, "%lld\t%d\t%lld\n", (long long)call->intended_us, call->outcome, (long long)call->latency_us);
  }
  fclose(log);
  printf("sent %lld answered %lld failed %lld unanswered %lld max_lateness_us %lld\n",
         (long long)(next > warmup_calls ? next - warmup_calls : 0),
         (long long)answered, (long long)failed, (long long)unanswered, (long long)max_lateness);
  return 0;
}
