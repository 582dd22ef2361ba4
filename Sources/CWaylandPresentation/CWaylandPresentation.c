// The two interfaces of presentation-time.xml (wayland-protocols, stable), written out as
// libwayland's tables; the scanner would generate the same from the XML.
#include "CWaylandPresentation.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include <SDL2/SDL_syswm.h>

extern const struct wl_interface wp_presentation_interface;
extern const struct wl_interface wp_presentation_feedback_interface;

static const struct wl_interface *feedback_request_types[] = { &wl_surface_interface, &wp_presentation_feedback_interface };
static const struct wl_interface *sync_output_types[] = { &wl_output_interface };
static const struct wl_interface *no_types[] = { NULL, NULL, NULL, NULL, NULL, NULL, NULL };

static const struct wl_message presentation_requests[] = {
    { "destroy", "", no_types },
    { "feedback", "on", feedback_request_types },
};
static const struct wl_message presentation_events[] = {
    { "clock_id", "u", no_types },
};
const struct wl_interface wp_presentation_interface = {
    "wp_presentation", 1, 2, presentation_requests, 1, presentation_events,
};

static const struct wl_message feedback_events[] = {
    { "sync_output", "o", sync_output_types },
    { "presented", "uuuuuuu", no_types },
    { "discarded", "", no_types },
};
const struct wl_interface wp_presentation_feedback_interface = {
    "wp_presentation_feedback", 1, 0, NULL, 3, feedback_events,
};

struct CWP_Presentation {
    struct wl_display *display;
    struct wl_surface *surface;
    struct wl_event_queue *queue;
    struct wl_proxy *presentation;
    uint32_t clock_id;
    int has_clock;
};

static void on_clock_id(void *data, struct wl_proxy *proxy, uint32_t clock_id) {
    (void)proxy;
    struct CWP_Presentation *p = data;
    p->clock_id = clock_id;
    p->has_clock = 1;
}
static const struct { void (*clock_id)(void *, struct wl_proxy *, uint32_t); } presentation_listener = { on_clock_id };

static void on_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)version;
    struct CWP_Presentation *p = data;
    if (p->presentation || strcmp(interface, "wp_presentation") != 0) return;
    p->presentation = wl_registry_bind(registry, name, &wp_presentation_interface, 1);
    wl_proxy_add_listener(p->presentation, (void (**)(void))&presentation_listener, p);
}
static void on_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}
static const struct wl_registry_listener registry_listener = { on_global, on_global_remove };

CWP_Presentation *CWP_Open(SDL_Window *sdlWindow, const char **why) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(sdlWindow, &info) || info.subsystem != SDL_SYSWM_WAYLAND) {
        *why = "the window is not a Wayland window";
        return NULL;
    }
    struct CWP_Presentation *p = calloc(1, sizeof *p);
    if (!p) { *why = "out of memory"; return NULL; }
    p->display = info.info.wl.display;
    p->surface = info.info.wl.surface;
    p->queue = wl_display_create_queue(p->display);
    struct wl_display *wrapper = wl_proxy_create_wrapper(p->display);
    wl_proxy_set_queue((struct wl_proxy *)wrapper, p->queue);
    struct wl_registry *registry = wl_display_get_registry(wrapper);
    wl_proxy_wrapper_destroy(wrapper);
    wl_registry_add_listener(registry, &registry_listener, p);
    // The first round trip lists the globals; the second brings the bound one's clock_id.
    int ok = wl_display_roundtrip_queue(p->display, p->queue) >= 0;
    if (ok && p->presentation) ok = wl_display_roundtrip_queue(p->display, p->queue) >= 0;
    wl_registry_destroy(registry);
    if (!ok || !p->presentation || !p->has_clock) {
        *why = !ok ? "the Wayland connection failed" : !p->presentation
            ? "the compositor offers no presentation-time (wp_presentation)" : "the compositor named no presentation clock";
        CWP_Close(p);
        return NULL;
    }
    return p;
}

void CWP_Close(CWP_Presentation *p) {
    if (!p) return;
    if (p->presentation) {
        wl_proxy_marshal_flags(p->presentation, 0, NULL, wl_proxy_get_version(p->presentation), WL_MARSHAL_FLAG_DESTROY);
    }
    wl_display_flush(p->display);
    wl_event_queue_destroy(p->queue);
    free(p);
}

uint32_t CWP_ClockID(const CWP_Presentation *p) { return p->clock_id; }

static void finished(CWP_Feedback *f, struct wl_proxy *proxy, CWP_FeedbackState state) {
    if (f) {
        f->state = state;
        f->object = NULL;
    }
    wl_proxy_destroy(proxy);
}
static void on_sync_output(void *data, struct wl_proxy *proxy, struct wl_proxy *output) {
    (void)data; (void)proxy; (void)output;
}
static void on_presented(void *data, struct wl_proxy *proxy, uint32_t sec_hi, uint32_t sec_lo, uint32_t nsec,
                         uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo, uint32_t flags) {
    CWP_Feedback *f = data;
    if (f) {
        f->seconds = ((uint64_t)sec_hi << 32) | sec_lo;
        f->nanoseconds = nsec;
        f->refreshNanoseconds = refresh;
        f->sequence = ((uint64_t)seq_hi << 32) | seq_lo;
        f->flags = flags;
    }
    finished(f, proxy, CWP_FEEDBACK_PRESENTED);
}
static void on_discarded(void *data, struct wl_proxy *proxy) { finished(data, proxy, CWP_FEEDBACK_DISCARDED); }
static const struct {
    void (*sync_output)(void *, struct wl_proxy *, struct wl_proxy *);
    void (*presented)(void *, struct wl_proxy *, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t);
    void (*discarded)(void *, struct wl_proxy *);
} feedback_listener = { on_sync_output, on_presented, on_discarded };

int CWP_Request(CWP_Presentation *p, CWP_Feedback *f) {
    memset(f, 0, sizeof *f);
    struct wl_proxy *object = wl_proxy_marshal_flags(p->presentation, 1, &wp_presentation_feedback_interface,
                                                     wl_proxy_get_version(p->presentation), 0, p->surface, NULL);
    if (!object) return -1;
    f->object = object;
    wl_proxy_add_listener(object, (void (**)(void))&feedback_listener, f);
    return 0;
}

void CWP_Abandon(CWP_Feedback *f) {
    // Destroyed now: libwayland drops a later answer to a destroyed proxy, whereas a proxy left
    // waiting would outlive the queue CWP_Close destroys, and its answer would be queued there.
    if (f->object) wl_proxy_destroy(f->object);
    f->object = NULL;
}

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

int CWP_Wait(CWP_Presentation *p, CWP_Feedback *f, int64_t timeoutNanoseconds) {
    const int64_t deadline = now_ns() + timeoutNanoseconds;
    for (;;) {
        if (wl_display_dispatch_queue_pending(p->display, p->queue) < 0) return -1;
        if (f->state != CWP_FEEDBACK_WAITING) return 1;
        // Another reader (SDL's event pump) may have queued our events already.
        while (wl_display_prepare_read_queue(p->display, p->queue) != 0) {
            if (wl_display_dispatch_queue_pending(p->display, p->queue) < 0) return -1;
        }
        if (f->state != CWP_FEEDBACK_WAITING) {
            wl_display_cancel_read(p->display);
            return 1;
        }
        if (wl_display_flush(p->display) < 0 && errno != EAGAIN) {
            wl_display_cancel_read(p->display);
            return -1;
        }
        int64_t left = deadline - now_ns();
        if (left <= 0) {
            wl_display_cancel_read(p->display);
            return 0;
        }
        struct pollfd descriptor = { wl_display_get_fd(p->display), POLLIN, 0 };
        int ready = poll(&descriptor, 1, (int)((left + 999999) / 1000000));
        if (ready > 0) {
            if (wl_display_read_events(p->display) < 0) return -1;
        } else {
            wl_display_cancel_read(p->display);
            if (ready < 0 && errno != EINTR) return -1;
        }
    }
}
