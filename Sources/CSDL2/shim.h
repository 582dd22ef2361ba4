// Constants and functions that SDL defines as macros, which Swift cannot import.
#include <SDL.h>
#include <SDL_ttf.h>

static inline Uint32 CSDL_WINDOWPOS_CENTERED_DISPLAY(int index) { return SDL_WINDOWPOS_CENTERED_DISPLAY(index); }
static const Uint32 CSDL_TOUCH_MOUSEID = SDL_TOUCH_MOUSEID;
static inline Uint32 CSDL_BUTTON(Uint32 x) { return SDL_BUTTON(x); }
static inline SDL_AudioSpec *CSDL_LoadWAV(const char *f, SDL_AudioSpec *s, Uint8 **b, Uint32 *l) { return SDL_LoadWAV(f, s, b, l); }
static const SDL_AudioFormat CSDL_AUDIO_S16SYS = AUDIO_S16SYS;

// glibc's malloc tuning constants are macros too.
#include <malloc.h>
static inline int CSDL_LimitMallocArenas(int count) { return mallopt(M_ARENA_MAX, count); }
