// X11's Present extension through xcb, and the one SDL call that names an SDL window's X11
// window. Only the shell's X11Present.swift imports this module: SDL_syswm.h brings Xlib's
// names (its `Window` among them), which must not meet the shell's own types elsewhere.
#include <stdint.h>
#include <xcb/xcb.h>
#include <xcb/present.h>
#include <SDL2/SDL_syswm.h>

/// The X11 window behind an SDL window, or 0 when SDL is not on X11.
static inline uint32_t CXCB_X11WindowOfSDLWindow(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    return (uint32_t)info.info.x11.window;
}

/// The Present extension's id, for xcb_register_for_special_xge (a C global that Swift 6
/// would not let us take the address of).
static inline xcb_extension_t *CXCB_PresentExtension(void) { return &xcb_present_id; }

/// Reads a PresentCompleteNotify event's serial, UST (microseconds, CLOCK_MONOTONIC) and MSC;
/// returns 0 for any other event. The event struct is packed, which Swift cannot import.
static inline int CXCB_ReadCompleteNotify(const xcb_generic_event_t *event, uint32_t *serial, uint64_t *ust, uint64_t *msc, uint8_t *kind) {
    const xcb_present_generic_event_t *generic = (const xcb_present_generic_event_t *)event;
    if (generic->evtype != XCB_PRESENT_EVENT_COMPLETE_NOTIFY) return 0;
    const xcb_present_complete_notify_event_t *complete = (const xcb_present_complete_notify_event_t *)event;
    *serial = complete->serial;
    *ust = complete->ust;
    *msc = complete->msc;
    *kind = complete->kind;
    return 1;
}
