/*
 * The two ways labkiosk could hand a frame to the display (docs/timing.md, "The drawing path"),
 * each in a process of its own, for the figures that choose between them:
 *
 *     drawing_path_bench window-surface|streaming-texture SECONDS
 *
 * Both draw the same frames in software into 1920x1080 pixels, as labkiosk's renderer does: a
 * background once, then every frame a moving 40-pixel square and three gauges, about 2 % of the
 * screen, the share of a MATB frame that changes. `window-surface` draws into SDL's window
 * surface and sends the changed rectangles (SDL_UpdateWindowSurfaceRects), labkiosk's path
 * today. `streaming-texture` draws into memory, copies the changed rectangles into a streaming
 * texture of an SDL renderer (SDL_UpdateTexture) and presents it whole (SDL_RenderCopy,
 * SDL_RenderPresent with vsync asked for), the path a GPU would take. Frames are paced alike, by
 * a 60 Hz timer, so the difference in CPU is the hand-over's. Prints the renderer SDL chose, the
 * frames, the CPU time and the peak resident memory.
 */
#include <SDL2/SDL.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#define WIDTH 1920
#define HEIGHT 1080

static void draw_frame(SDL_Surface *pixels, int frame, SDL_Rect *changed, int *count) {
    /* Where the square was and is, and the three gauges, each a changed rectangle. */
    int x = 200 + (frame * 7) % 1400, y = 300 + (frame * 3) % 400, previous_x = 200 + ((frame - 1) * 7) % 1400,
        previous_y = 300 + ((frame - 1) * 3) % 400;
    SDL_Rect old = {previous_x, previous_y, 40, 40}, square = {x, y, 40, 40};
    SDL_FillRect(pixels, &old, SDL_MapRGB(pixels->format, 240, 244, 248));
    SDL_FillRect(pixels, &square, SDL_MapRGB(pixels->format, 200, 30, 30));
    changed[0] = old;
    changed[1] = square;
    *count = 2;
    for (int gauge = 0; gauge < 3; gauge++) {
        SDL_Rect bar = {1500 + gauge * 120, 100, 60, 300}, level = {1500 + gauge * 120, 100 + (frame + gauge * 40) % 300, 60, 4};
        SDL_FillRect(pixels, &bar, SDL_MapRGB(pixels->format, 220, 220, 220));
        SDL_FillRect(pixels, &level, SDL_MapRGB(pixels->format, 20, 20, 120));
        changed[(*count)++] = bar;
    }
}

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[1], "window-surface") && strcmp(argv[1], "streaming-texture"))) {
        fprintf(stderr, "usage: drawing_path_bench window-surface|streaming-texture SECONDS\n");
        return 2;
    }
    int texture_path = strcmp(argv[1], "streaming-texture") == 0;
    double seconds = atof(argv[2]);
    /* labkiosk's window surface is X11's own framebuffer (XShm), never one SDL makes through a renderer. */
    if (!texture_path) SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "SDL_Init: %s\n", SDL_GetError()); return 1; }
    SDL_Window *window = SDL_CreateWindow("drawing path", 0, 0, WIDTH, HEIGHT, SDL_WINDOW_SHOWN | SDL_WINDOW_BORDERLESS);
    if (!window) { fprintf(stderr, "SDL_CreateWindow: %s\n", SDL_GetError()); return 1; }
    SDL_Surface *pixels;
    SDL_Renderer *renderer = NULL;
    SDL_Texture *texture = NULL;
    const char *how = "window surface";
    if (texture_path) {
        renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC);
        if (!renderer) { fprintf(stderr, "SDL_CreateRenderer: %s\n", SDL_GetError()); return 1; }
        texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888, SDL_TEXTUREACCESS_STREAMING, WIDTH, HEIGHT);
        pixels = SDL_CreateRGBSurfaceWithFormat(0, WIDTH, HEIGHT, 32, SDL_PIXELFORMAT_RGB888);
        if (!texture || !pixels) { fprintf(stderr, "texture: %s\n", SDL_GetError()); return 1; }
        SDL_RendererInfo info;
        SDL_GetRendererInfo(renderer, &info);
        how = info.name;
    } else {
        pixels = SDL_GetWindowSurface(window);
        if (!pixels) { fprintf(stderr, "SDL_GetWindowSurface: %s\n", SDL_GetError()); return 1; }
    }
    SDL_FillRect(pixels, NULL, SDL_MapRGB(pixels->format, 240, 244, 248));
    SDL_Rect whole = {0, 0, WIDTH, HEIGHT}, changed[8];
    int count = 0, frames = 0;
    Uint64 start = SDL_GetPerformanceCounter(), frequency = SDL_GetPerformanceFrequency();
    for (;;) {
        SDL_Event event;
        while (SDL_PollEvent(&event)) {}
        double elapsed = (double)(SDL_GetPerformanceCounter() - start) / (double)frequency;
        if (elapsed >= seconds) break;
        if (frames == 0) { changed[0] = whole; count = 1; } else draw_frame(pixels, frames, changed, &count);
        if (texture_path) {
            for (int i = 0; i < count; i++) {
                const Uint8 *from = (const Uint8 *)pixels->pixels + changed[i].y * pixels->pitch + changed[i].x * 4;
                SDL_UpdateTexture(texture, &changed[i], from, pixels->pitch);
            }
            SDL_RenderCopy(renderer, texture, NULL, NULL);
            SDL_RenderPresent(renderer);
        } else {
            SDL_UpdateWindowSurfaceRects(window, changed, count);
        }
        frames++;
        /* The next frame at the next 1/60 s, as a timer-paced loop waits. */
        double next = (double)frames / 60.0, now = (double)(SDL_GetPerformanceCounter() - start) / (double)frequency;
        if (next > now) SDL_Delay((Uint32)((next - now) * 1000));
    }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    printf("%s (%s): %d frames in %.1f s, CPU %.2f s, peak RSS %.1f MB\n", argv[1], how, frames, seconds, cpu, usage.ru_maxrss / 1024.0);
    return 0;
}
