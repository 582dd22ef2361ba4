// Wayland's presentation-time protocol (wp_presentation) on the wl_surface SDL made: when each
// committed frame turned into light, as the compositor reports it. Only the shell's
// WaylandPresentation.swift imports this module.
#ifndef CWAYLAND_PRESENTATION_H
#define CWAYLAND_PRESENTATION_H

#include <stdint.h>

typedef struct SDL_Window SDL_Window;

/// A bound wp_presentation on an event queue of its own, so its events never pass through
/// SDL's; opaque to Swift.
typedef struct CWP_Presentation CWP_Presentation;

/// What the compositor said of one frame's feedback.
typedef enum {
    CWP_FEEDBACK_WAITING = 0,
    CWP_FEEDBACK_PRESENTED = 1,
    /// The frame was never shown: a later commit replaced it first.
    CWP_FEEDBACK_DISCARDED = 2,
} CWP_FeedbackState;

typedef struct CWP_Feedback {
    CWP_FeedbackState state;
    /// The presentation time on the clock `CWP_ClockID` names.
    uint64_t seconds;
    uint32_t nanoseconds;
    /// The output's refresh period in nanoseconds, 0 when it has none fixed.
    uint32_t refreshNanoseconds;
    /// The output's refresh counter, where the compositor keeps one.
    uint64_t sequence;
    /// wp_presentation_feedback's kind flags: 1 vsync, 2 hw_clock, 4 hw_completion, 8 zero_copy.
    uint32_t flags;
    /// The protocol object; cleared once the compositor has answered.
    void *object;
} CWP_Feedback;

/// Binds wp_presentation on `sdlWindow`'s Wayland display. Returns NULL with `why` set (a
/// static string) when SDL is not on Wayland or the compositor offers no presentation-time.
CWP_Presentation *CWP_Open(SDL_Window *sdlWindow, const char **why);
void CWP_Close(CWP_Presentation *presentation);

/// The clock the compositor reports times on (a clockid_t: CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW, …).
uint32_t CWP_ClockID(const CWP_Presentation *presentation);

/// Asks for the feedback of the surface's next commit; `feedback` must stay in place until it
/// is answered or given up (CWP_Abandon).
int CWP_Request(CWP_Presentation *presentation, CWP_Feedback *feedback);

/// Waits until `feedback` is answered or `timeoutNanoseconds` pass. Returns 1 when answered,
/// 0 on timeout, -1 when the connection broke.
int CWP_Wait(CWP_Presentation *presentation, CWP_Feedback *feedback, int64_t timeoutNanoseconds);

/// Gives up on an unanswered feedback: its proxy is destroyed and its answer, if it comes,
/// dropped. Every feedback must be answered or given up before CWP_Close.
void CWP_Abandon(CWP_Feedback *feedback);

#endif
