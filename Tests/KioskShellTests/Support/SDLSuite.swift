import Testing

/// The parent suite of every test that calls into SDL, SDL_ttf or SDL_image.
///
/// SDL is not re-entrant, and `.serialized` here serialises all nested suites too. Run with
/// `env -u DISPLAY SDL_VIDEODRIVER=dummy swift test`.
@Suite(.serialized) enum SDLSuite {}
