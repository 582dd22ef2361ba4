/*
 * An emulated light sensor for tests under Xvfb (docs/timing.md, "Light under Xvfb").
 *
 *     emulated_light_sensor X Y FIFO [THRESHOLD [flicker]]
 *
 * Watches the screen's pixel X,Y (from the top-left) on the X server named by $DISPLAY and
 * writes a key event (BTN_0: 1 lit, 0 dark) to FIFO, an evdev node stand-in, whenever the
 * pixel's light changes, stamped with the refresh that first shows the change.
 *
 * What a refresh is under Xvfb: its Present extension has no display, only a counter, the
 * monotonic clock over an interval (16,666 µs) rounded, so refresh N is the moment N × interval.
 * A drawing that lands while the counter reads N is first shown at refresh N + 1 (labkiosk's own
 * rule: the first refresh after the copy). The emulated light of refresh N is at N × interval
 * exactly; the reports Xvfb sends for it come later, each from its own millisecond timer.
 *
 * On one connection it asks Present for every refresh of the root window (PresentNotifyMSC)
 * and watches drawing on the root with Damage (raw rectangles). Each drawing on the pixel is
 * read at once (GetImage) and placed on the counter by when its event arrived (labkiosk draws
 * early in a refresh, far from the counter's next step, so the few microseconds of delivery do
 * not move it). When further drawing on the pixel comes before a read's reply, the reading
 * belongs to that later drawing, which is read in its turn ("drawings overtaken", counted).
 *
 * With `flicker`, each light-on is followed 1 ms later by 1 ms of dark, as a photodiode under a
 * backlight dimmed by pulsing sees it (the bad input `labkiosk timing` must refuse).
 *
 *     emulated_light_sensor X Y FIFO [THRESHOLD [flicker]] --respond RESPONSE_FIFO DELAY_MS
 *
 * also plays a button box in "virtual human" mode: DELAY_MS after each light-on it presses its
 * button (BTN_0 on RESPONSE_FIFO, released 50 ms later), each event written once its time has
 * come and stamped with that time, as the kernel stamps a press.
 *
 *     emulated_light_sensor X Y FIFO [THRESHOLD [flicker]] --line-in AUDIO_FIFO
 *
 * also plays a photodiode on a sound card's line-in: from the moment a reader opens
 * AUDIO_FIFO (SDL's disk audio driver, SDL_DISKAUDIOFILEIN), 48,000 signed 16-bit samples a
 * second, written as their time comes, each reading about 2,000 in the dark and 20,000 in the
 * light (with a little noise) by the light its time falls in. Sample k is taken at the
 * moment of opening plus k / 48,000 s, and none is ever dropped.
 *
 * On SIGTERM or SIGINT prints its counts on standard error and exits.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xcb/damage.h>
#include <xcb/present.h>
#include <xcb/xcb.h>

static volatile sig_atomic_t stopping = 0;
static void stop(int signal) { (void)signal; stopping = 1; }

struct input_event64 { int64_t sec, usec; uint16_t type, code; int32_t value; };

static int fifo;
/* Xvfb's refresh interval in microseconds, from its first report. */
static double interval;

static uint64_t monotonic_microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000 + (uint64_t)now.tv_nsec / 1000;
}
static long px, py, threshold = 128;
static int flicker;
static xcb_connection_t *connection;
static xcb_window_t root;
static uint8_t present_opcode, damage_first_event;

static void write_key(int to, uint64_t us, int down) {
    struct input_event64 events[2] = {
        {(int64_t)(us / 1000000), (int64_t)(us % 1000000), 1, 0x100, down},
        {(int64_t)(us / 1000000), (int64_t)(us % 1000000), 0, 0, 0},
    };
    if (write(to, events, sizeof events) != (ssize_t)sizeof events) { perror("emulated_light_sensor: write"); exit(1); }
}

static void write_edge(uint64_t ust, int lit) { write_key(fifo, ust, lit); }

/* The virtual human's button: presses and releases waiting for their time, in time order. */
static int response_fifo = -1;
static uint64_t response_delay;
static struct { uint64_t at; int down; } responses[64];
static size_t response_count;
static long presses;

static void respond_to_light(uint64_t light) {
    if (response_fifo < 0 || response_count + 2 > sizeof responses / sizeof responses[0]) return;
    responses[response_count].at = light + response_delay;
    responses[response_count++].down = 1;
    responses[response_count].at = light + response_delay + 50000;
    responses[response_count++].down = 0;
}

/* The line-in: its changes of light, known once a drawing's refresh is known, in time order. */
static const char *line_in_path;
static int line_in = -1;
static uint64_t line_in_start, line_in_samples;
static struct { uint64_t at; int lit; } line_changes[1024];
static size_t line_change_count;
static int line_lit;
static uint32_t noise_state = 12345;
static int16_t line_pending[4800];
static size_t line_pending_count;

static void line_in_change(uint64_t at, int lit) {
    if (line_in_path && line_change_count < sizeof line_changes / sizeof line_changes[0]) {
        line_changes[line_change_count].at = at;
        line_changes[line_change_count++].lit = lit;
    }
}

static void write_line_in(void) {
    if (!line_in_path) return;
    if (line_in < 0) {
        /* Opening for writing without blocking fails until the reader is there. */
        line_in = open(line_in_path, O_WRONLY | O_NONBLOCK);
        if (line_in < 0) return;
        line_in_start = monotonic_microseconds();
    }
    uint64_t due = (monotonic_microseconds() - line_in_start) * 48000 / 1000000;
    while (line_in_samples < due && line_pending_count < sizeof line_pending / sizeof line_pending[0]) {
        uint64_t at = line_in_start + line_in_samples * 1000000 / 48000;
        size_t applied = 0;
        while (applied < line_change_count && line_changes[applied].at <= at) line_lit = line_changes[applied++].lit;
        memmove(line_changes, line_changes + applied, (line_change_count - applied) * sizeof line_changes[0]);
        line_change_count -= applied;
        noise_state = noise_state * 1664525u + 1013904223u;
        line_pending[line_pending_count++] = (int16_t)((line_lit ? 20000 : 2000) + (int)(noise_state >> 24) - 128);
        line_in_samples++;
    }
    if (line_pending_count == 0) return;
    ssize_t written = write(line_in, line_pending, line_pending_count * sizeof line_pending[0]);
    if (written < 0) {
        if (errno == EAGAIN) return;
        /* The reader is gone: the run is over. */
        close(line_in);
        line_in_path = NULL;
        return;
    }
    size_t samples = (size_t)written / sizeof line_pending[0];
    memmove(line_pending, line_pending + samples, (line_pending_count - samples) * sizeof line_pending[0]);
    line_pending_count -= samples;
}

static void press_when_due(void) {
    uint64_t now = monotonic_microseconds();
    size_t done = 0;
    while (done < response_count && responses[done].at <= now) {
        write_key(response_fifo, responses[done].at, responses[done].down);
        presses += responses[done].down;
        done++;
    }
    memmove(responses, responses + done, (response_count - done) * sizeof responses[0]);
    response_count -= done;
}

static int read_lit(void) {
    xcb_get_image_reply_t *image = xcb_get_image_reply(connection,
        xcb_get_image(connection, XCB_IMAGE_FORMAT_Z_PIXMAP, root, (int16_t)px, (int16_t)py, 1, 1, ~0u), NULL);
    if (!image) { fprintf(stderr, "emulated_light_sensor: cannot read the screen at %ld,%ld\n", px, py); exit(1); }
    uint8_t *bytes = xcb_get_image_data(image);
    int luminance = (bytes[0] + bytes[1] + bytes[2]) / 3;  /* B, G, R of a 24-bit pixel */
    free(image);
    return luminance >= threshold;
}

static int touches_pixel(xcb_generic_event_t *event) {
    if ((event->response_type & 0x7f) != damage_first_event + XCB_DAMAGE_NOTIFY) return 0;
    xcb_rectangle_t *area = &((xcb_damage_notify_event_t *)event)->area;
    return px >= area->x && px < area->x + area->width && py >= area->y && py < area->y + area->height;
}

/* Events taken off the connection while a read's reply was awaited, in the server's order. */
static xcb_generic_event_t *kept[4096];
static size_t kept_first, kept_count;

static void keep(xcb_generic_event_t *event) {
    if (kept_count == sizeof kept / sizeof kept[0]) { fprintf(stderr, "emulated_light_sensor: too many events at once\n"); exit(1); }
    kept[(kept_first + kept_count++) % (sizeof kept / sizeof kept[0])] = event;
}

static xcb_generic_event_t *next_event(void) {
    if (kept_count > 0) {
        xcb_generic_event_t *event = kept[kept_first];
        kept_first = (kept_first + 1) % (sizeof kept / sizeof kept[0]);
        kept_count--;
        return event;
    }
    return xcb_poll_for_event(connection);
}

static void ask_for_refresh(uint64_t target, uint32_t serial) {
    xcb_present_notify_msc(connection, root, serial, target, 1, 0);
    xcb_flush(connection);
}

int main(int argc, char **argv) {
    int options = argc;
    for (int i = 4; i < argc; i++) {
        if (strcmp(argv[i], "--respond") == 0 && i + 2 < argc) {
            response_fifo = open(argv[i + 1], O_RDWR);
            if (response_fifo < 0) { perror("emulated_light_sensor: open the response FIFO"); return 1; }
            response_delay = (uint64_t)(strtod(argv[i + 2], NULL) * 1000);
            if (i < options) options = i;
        } else if (strcmp(argv[i], "--line-in") == 0 && i + 1 < argc) {
            line_in_path = argv[i + 1];
            signal(SIGPIPE, SIG_IGN);
            if (i < options) options = i;
        }
    }
    argc = options;
    if (argc < 4) {
        fprintf(stderr, "usage: emulated_light_sensor X Y FIFO [THRESHOLD [flicker]] [--respond FIFO DELAY_MS] [--line-in AUDIO_FIFO]\n");
        return 2;
    }
    px = strtol(argv[1], NULL, 10);
    py = strtol(argv[2], NULL, 10);
    if (argc > 4) threshold = strtol(argv[4], NULL, 10);
    flicker = argc > 5 && strcmp(argv[5], "flicker") == 0;
    /* Read-write: never blocks on a FIFO, and labkiosk never sees it without a writer. */
    fifo = open(argv[3], O_RDWR);
    if (fifo < 0) { perror("emulated_light_sensor: open"); return 1; }
    connection = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(connection)) { fprintf(stderr, "emulated_light_sensor: no X server\n"); return 1; }
    root = xcb_setup_roots_iterator(xcb_get_setup(connection)).data->root;
    const xcb_query_extension_reply_t *present = xcb_get_extension_data(connection, &xcb_present_id);
    const xcb_query_extension_reply_t *damage = xcb_get_extension_data(connection, &xcb_damage_id);
    if (!present || !present->present || !damage || !damage->present) {
        fprintf(stderr, "emulated_light_sensor: the X server lacks Present or Damage\n");
        return 1;
    }
    present_opcode = present->major_opcode;
    damage_first_event = damage->first_event;
    free(xcb_present_query_version_reply(connection, xcb_present_query_version(connection, 1, 2), NULL));
    free(xcb_damage_query_version_reply(connection, xcb_damage_query_version(connection, 1, 1), NULL));
    xcb_damage_create(connection, xcb_generate_id(connection), root, XCB_DAMAGE_REPORT_LEVEL_RAW_RECTANGLES);
    /* Not registered as special events: Present's reports then come in the ordinary queue, in
       order with Damage's. */
    xcb_present_select_input(connection, xcb_generate_id(connection), root, XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY);
    signal(SIGTERM, stop);
    signal(SIGINT, stop);

    int lit = read_lit();
    line_lit = lit;
    long refreshes = 0, edges = 0, unread = 0;
    /* Changes drawn but not yet shown: the value and the refresh that first shows it. */
    struct { uint64_t msc; int value; } pending[256];
    size_t pending_count = 0;
    uint32_t serial = 1;
    ask_for_refresh(0, serial);
    printf("emulated_light_sensor: watching %ld,%ld, %s\n", px, py, lit ? "lit" : "dark");
    fflush(stdout);
    while (!stopping) {
        press_when_due();
        write_line_in();
        xcb_generic_event_t *event = next_event();
        if (!event) {
            if (xcb_connection_has_error(connection)) break;
            struct pollfd descriptor = {xcb_get_file_descriptor(connection), POLLIN, 0};
            poll(&descriptor, 1, response_count > 0 || line_in_path ? 1 : 100);
            continue;
        }
        if (touches_pixel(event) && interval > 0) {
            /* The counter when the drawing arrived: it landed then or a little before. */
            uint64_t drawn_msc = (uint64_t)((double)monotonic_microseconds() / interval + 0.5);
            /* What this drawing left in the pixel: read at once. Drawing on the pixel that comes
               before the reply makes the reading that drawing's, not this one's; it is read in
               its turn. */
            int now = read_lit();
            int overtaken = 0;
            xcb_generic_event_t *queued;
            while ((queued = xcb_poll_for_queued_event(connection))) {
                if (touches_pixel(queued)) overtaken = 1;
                keep(queued);
            }
            if (overtaken) unread++;
            else if (pending_count < sizeof pending / sizeof pending[0]) {
                pending[pending_count].msc = drawn_msc + 1;
                pending[pending_count++].value = now;
                line_in_change((uint64_t)((double)(drawn_msc + 1) * interval + 0.5), now);
            }
        } else if ((event->response_type & 0x7f) == XCB_GE_GENERIC
                   && ((xcb_ge_generic_event_t *)event)->extension == present_opcode
                   && ((xcb_ge_generic_event_t *)event)->event_type == XCB_PRESENT_COMPLETE_NOTIFY) {
            xcb_present_complete_notify_event_t *report = (xcb_present_complete_notify_event_t *)event;
            refreshes++;
            ask_for_refresh(report->msc + 1, ++serial);
            /* Xvfb's counter is its clock over its interval (whole microseconds), rounded: the first
               report gives the interval, its lateness divided by a counter in the millions. */
            if (interval == 0) {
                interval = (double)(uint64_t)((double)report->ust / (double)report->msc + 0.5);
                double late = (double)report->ust - (double)report->msc * interval;
                if (report->msc == 0 || late < -20000 || late > 20000) {
                    fprintf(stderr, "emulated_light_sensor: the refresh counter is not the clock over a fixed interval "
                                    "(refresh %llu at %llu us): this sensor is for Xvfb\n",
                            (unsigned long long)report->msc, (unsigned long long)report->ust);
                    return 1;
                }
            }
            /* Each refresh due by now shows the last change drawn before it; a drawing whose event
               came after its refresh's report is still stamped with its own refresh. */
            size_t due = 0;
            while (due < pending_count && pending[due].msc <= report->msc) {
                size_t last = due;
                while (last + 1 < pending_count && pending[last + 1].msc == pending[due].msc) last++;
                if (pending[last].value != lit) {
                    uint64_t at = (uint64_t)((double)pending[last].msc * interval + 0.5);
                    lit = pending[last].value;
                    edges++;
                    write_edge(at, lit);
                    if (lit) respond_to_light(at);
                    if (lit && flicker) {
                        write_edge(at + 1000, 0);
                        write_edge(at + 2000, 1);
                    }
                }
                due = last + 1;
            }
            memmove(pending, pending + due, (pending_count - due) * sizeof pending[0]);
            pending_count -= due;
        }
        free(event);
    }
    fprintf(stderr, "emulated_light_sensor: %ld refreshes, %ld light changes, %ld drawings overtaken before their read", refreshes, edges, unread);
    if (response_fifo >= 0) fprintf(stderr, ", %ld presses", presses);
    fprintf(stderr, "\n");
    return 0;
}
