/*
 * An observer of refreshes for tests under Xvfb (docs/timing.md, "Missed refreshes, observed"):
 * for every refresh of the X server's Present counter, whether new pixels reached a window in
 * time for it. It knows nothing of labkiosk; its list of refreshes without a new frame is what
 * labkiosk's own account of missed refreshes is checked against.
 *
 *     refresh_observer [WINDOW]
 *
 * WINDOW is an X window id (0x…) or `root`; without it, the first window mapped on the root
 * after the observer starts (the block's window, when the observer starts first). Prints
 * `refresh_observer: watching` once it watches, and its figures on standard output when the
 * window is destroyed or on SIGTERM or SIGINT.
 *
 * What a refresh is under Xvfb: its Present extension has no display, only a counter, the
 * monotonic clock over an interval (16,666 µs) rounded. Drawing that lands while the counter
 * reads N is first shown at refresh N + 1 (what Present itself says: a report asked for after
 * that drawing, of a refresh already passed, is of refresh N + 1; and the emulated light
 * sensor's rule, emulated_light_sensor.c). So refresh N + 1 shows a new frame when drawing
 * landed while the counter read N, and none when nothing did.
 *
 * When drawing landed is known within bounds: not before the Damage event's timestamp (the
 * server's millisecond clock as it last read it) nor before the time of the Present report that
 * came before the event (the server sends both in the order it makes them), and not after the
 * moment this observer took the event off its connection. When the bounds straddle
 * a step of the counter, the drawing may belong to either refresh: a refresh with no drawing
 * certainly in time for it but one that may have been is *uncertain*, counted apart, never
 * called drawn or missed. Refreshes before the window's first drawing and after its last are
 * outside the run (a window drawing nothing yet, or no more) and are not counted; refreshes
 * whose counter value had not ended when the observer last heard from the server are left out
 * and counted.
 *
 * Every Present report is checked against the counter model (its refresh is its time over the
 * interval, rounded); a report that is not is counted, and any makes the figures void.
 */
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xcb/damage.h>
#include <xcb/present.h>
#include <xcb/xcb.h>

static volatile sig_atomic_t stopping = 0;
static void stop(int signal) { (void)signal; stopping = 1; }

static uint64_t monotonic_microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000 + (uint64_t)now.tv_nsec / 1000;
}

static xcb_connection_t *connection;
static uint8_t present_opcode, damage_first_event;
/* Xvfb's refresh interval in microseconds, from its first report; 0 until then. */
static uint64_t interval;

static uint64_t counter_at(uint64_t microseconds) { return (microseconds + interval / 2) / interval; }

/* Per counter value from `base`: drawing certainly landed then, or may have. */
enum { CERTAIN = 1, POSSIBLE = 2 };
static uint8_t *landed;
static uint64_t base, capacity;
static int have_drawing;
static uint64_t first_counter, last_counter;

static void mark(uint64_t counter, uint8_t how) {
    if (!have_drawing) {
        base = counter;
        capacity = 1 << 16;
        landed = calloc(capacity, 1);
        if (!landed) { perror("refresh_observer"); exit(1); }
        have_drawing = 1;
        first_counter = last_counter = counter;
    }
    if (counter < base) return;  /* before the first drawing: outside the run */
    while (counter - base >= capacity) {
        landed = realloc(landed, capacity * 2);
        if (!landed) { perror("refresh_observer"); exit(1); }
        memset(landed + capacity, 0, capacity);
        capacity *= 2;
    }
    landed[counter - base] |= how;
    if (counter > last_counter) last_counter = counter;
}

static long reports, reports_off_model;
/* The time of the latest Present report, µs. */
static uint64_t last_report_time;
static long drawings, drawings_uncertain;
static uint64_t widest_bounds;

/* Drawing reported at `arrived` (µs, this process's clock) with the server's 32-bit millisecond
   timestamp: it landed at or after the timestamp and at or before its arrival. */
static void drawing(uint32_t server_milliseconds, uint64_t arrived) {
    uint64_t arrived_ms = arrived / 1000;
    uint32_t behind = (uint32_t)arrived_ms - server_milliseconds;
    uint64_t earliest = behind <= arrived_ms ? (arrived_ms - behind) * 1000 : 0;
    /* Events come in the order the server made them: drawing after a report came after its time. */
    if (last_report_time > earliest && last_report_time <= arrived) earliest = last_report_time;
    if (arrived - earliest > widest_bounds) widest_bounds = arrived - earliest;
    uint64_t from = counter_at(earliest), to = counter_at(arrived);
    drawings++;
    if (from == to) { mark(from, CERTAIN); return; }
    drawings_uncertain++;
    /* The first drawing fixes where the run starts; an uncertain one must not start it early. */
    if (!have_drawing) from = to;
    for (uint64_t counter = from; counter <= to; counter++) mark(counter, POSSIBLE);
}

static void report(const xcb_present_complete_notify_event_t *event) {
    reports++;
    if (interval == 0) {
        /* The counter is the clock over a whole number of microseconds: the first report gives it,
           its lateness divided by a counter in the millions. */
        if (event->msc == 0) { reports_off_model++; return; }
        interval = (uint64_t)((double)event->ust / (double)event->msc + 0.5);
    }
    if (counter_at(event->ust) != event->msc) reports_off_model++;
    last_report_time = event->ust;
}

static void ask_for_refresh(xcb_window_t window, uint64_t target, uint32_t serial) {
    xcb_present_notify_msc(connection, window, serial, target, 1, 0);
    xcb_flush(connection);
}

static int is_present_report(const xcb_generic_event_t *event) {
    return (event->response_type & 0x7f) == XCB_GE_GENERIC
        && ((const xcb_ge_generic_event_t *)event)->extension == present_opcode
        && ((const xcb_ge_generic_event_t *)event)->event_type == XCB_PRESENT_COMPLETE_NOTIFY;
}

enum outcome { DRAWN, MISSED, UNCERTAIN };

static enum outcome outcome_of(uint64_t counter) {
    uint8_t how = landed[counter - base];
    return how & CERTAIN ? DRAWN : how & POSSIBLE ? UNCERTAIN : MISSED;
}

/* The refreshes with that outcome: each refresh's number and its time, N × interval, in s. */
static void print_refreshes(const char *name, enum outcome outcome, uint64_t from, uint64_t to) {
    printf("%s:", name);
    for (uint64_t counter = from; counter < to; counter++)
        if (outcome_of(counter) == outcome) printf(" %" PRIu64 "@%.6f", counter + 1, (double)((counter + 1) * interval) / 1e6);
    printf("\n");
}

int main(int argc, char **argv) {
    if (argc > 2 || (argc == 2 && strcmp(argv[1], "root") != 0 && strncmp(argv[1], "0x", 2) != 0)) {
        fprintf(stderr, "usage: refresh_observer [WINDOW | root]\n");
        return 2;
    }
    connection = xcb_connect(NULL, NULL);
    if (xcb_connection_has_error(connection)) { fprintf(stderr, "refresh_observer: no X server\n"); return 1; }
    xcb_window_t root = xcb_setup_roots_iterator(xcb_get_setup(connection)).data->root;
    const xcb_query_extension_reply_t *present = xcb_get_extension_data(connection, &xcb_present_id);
    const xcb_query_extension_reply_t *damage = xcb_get_extension_data(connection, &xcb_damage_id);
    if (!present || !present->present || !damage || !damage->present) {
        fprintf(stderr, "refresh_observer: the X server lacks Present or Damage\n");
        return 1;
    }
    present_opcode = present->major_opcode;
    damage_first_event = damage->first_event;
    free(xcb_present_query_version_reply(connection, xcb_present_query_version(connection, 1, 2), NULL));
    free(xcb_damage_query_version_reply(connection, xcb_damage_query_version(connection, 1, 1), NULL));
    signal(SIGTERM, stop);
    signal(SIGINT, stop);

    xcb_window_t window = 0;
    if (argc == 2) window = strcmp(argv[1], "root") == 0 ? root : (xcb_window_t)strtoul(argv[1], NULL, 16);
    else {
        uint32_t mask = XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY;
        xcb_change_window_attributes(connection, root, XCB_CW_EVENT_MASK, &mask);
    }
    /* Present's reports and Damage's events come in one queue, in the server's order: not
       registered as special events. The refreshes asked for are the root's: the same counter. */
    xcb_present_select_input(connection, xcb_generate_id(connection), root, XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY);
    uint32_t serial = 1;
    ask_for_refresh(root, 0, serial);
    printf("refresh_observer: watching\n");
    fflush(stdout);

    int watching = 0, destroyed = 0;
    while (!stopping && !destroyed) {
        if (window && !watching) {
            uint32_t mask = XCB_EVENT_MASK_STRUCTURE_NOTIFY;
            if (window != root) xcb_change_window_attributes(connection, window, XCB_CW_EVENT_MASK, &mask);
            xcb_damage_create(connection, xcb_generate_id(connection), window, XCB_DAMAGE_REPORT_LEVEL_RAW_RECTANGLES);
            xcb_flush(connection);
            watching = 1;
        }
        xcb_generic_event_t *event = xcb_poll_for_event(connection);
        if (!event) {
            if (xcb_connection_has_error(connection)) { fprintf(stderr, "refresh_observer: the X server went away\n"); return 1; }
            struct pollfd descriptor = {xcb_get_file_descriptor(connection), POLLIN, 0};
            poll(&descriptor, 1, 100);
            continue;
        }
        uint64_t arrived = monotonic_microseconds();
        uint8_t type = event->response_type & 0x7f;
        if (watching && type == damage_first_event + XCB_DAMAGE_NOTIFY && interval > 0) {
            drawing(((xcb_damage_notify_event_t *)event)->timestamp, arrived);
        } else if (is_present_report(event)) {
            xcb_present_complete_notify_event_t *completion = (xcb_present_complete_notify_event_t *)event;
            report(completion);
            ask_for_refresh(root, completion->msc + 1, ++serial);
        } else if (!window && type == XCB_MAP_NOTIFY && ((xcb_map_notify_event_t *)event)->event == root) {
            window = ((xcb_map_notify_event_t *)event)->window;
        } else if (window && type == XCB_DESTROY_NOTIFY && ((xcb_destroy_notify_event_t *)event)->window == window) {
            destroyed = 1;
        }
        free(event);
    }

    /* Everything the server did before this round trip has come: the counter values that had
       ended by the time it was asked for are known. */
    uint64_t asked = monotonic_microseconds();
    free(xcb_get_input_focus_reply(connection, xcb_get_input_focus(connection), NULL));
    xcb_generic_event_t *event;
    while ((event = xcb_poll_for_event(connection))) {
        if (watching && !destroyed && (event->response_type & 0x7f) == damage_first_event + XCB_DAMAGE_NOTIFY && interval > 0)
            drawing(((xcb_damage_notify_event_t *)event)->timestamp, monotonic_microseconds());
        free(event);
    }
    if (interval == 0) { fprintf(stderr, "refresh_observer: Present reported no refresh\n"); return 1; }
    printf("refresh_observer: interval %" PRIu64 " us, %ld reports, %ld off the counter model%s\n", interval, reports,
           reports_off_model, reports_off_model ? " (the counter is not Xvfb's: these figures are void)" : "");
    printf("drawings: %ld, %ld with bounds across a step of the counter, widest bounds %.3f ms\n", drawings, drawings_uncertain,
           (double)widest_bounds / 1000);
    if (!have_drawing) { printf("refreshes: 0 (the window drew nothing)\n"); return 0; }
    /* The run: from the refresh that showed the first drawing to the one that showed the last;
       counter values not ended when the server was last heard from are left out. */
    uint64_t known = counter_at(asked);
    uint64_t end = last_counter < known ? last_counter + 1 : known;
    long left_out = last_counter + 1 > end ? (long)(last_counter + 1 - end) : 0;
    printf("refreshes: %" PRIu64 " from %" PRIu64 " to %" PRIu64 ", %ld left out at the end (not ended when last heard)\n",
           end - first_counter, first_counter + 1, end, left_out);
    long counts[3] = {0, 0, 0};
    for (uint64_t counter = first_counter; counter < end; counter++) counts[outcome_of(counter)]++;
    printf("drawn %ld, missed %ld, uncertain %ld\n", counts[DRAWN], counts[MISSED], counts[UNCERTAIN]);
    print_refreshes("missed", MISSED, first_counter, end);
    print_refreshes("uncertain", UNCERTAIN, first_counter, end);
    return 0;
}
