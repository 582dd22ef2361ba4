"""The drawing pad (docs/drawing-pad.md): trials drawn with the mouse and with an evdev pen,
every file checked line by line, a trial killed and recovered, names never reused, a bad
configuration refused, and a trial replayed."""
import os
import shutil
import time

from labkiosk_harness import EV_SYN, REPO, SYN_DROPPED, FramePlayer, Xvfb, pad_events, pad_files, pen_fifo, pen_stroke_script, pixel, pixels
from pages import AppWindow, DrawingPad
from support import REFERENCE_SIZE

TRIAL_FILES = [".txt", "_img.png", "_keys.txt", "_samples.tsv", "_strokes.txt"]


def test_drawing_pad_trial_by_mouse_keys_and_taps(labkiosk, xvfb, tmp_path, shots):
    data = tmp_path / "data"
    window = AppWindow.launch(labkiosk, xvfb, "pad", "--data", data, "--size", REFERENCE_SIZE)
    pad = DrawingPad(window)
    time.sleep(1.0)
    window.focus()
    window.type("Ana 7")
    window.hold_key("Return", 0.1)
    pad.open_trial()                   # on the familiarisation image
    pad.end_familiarisation()
    pad.stroke([(100, 100), (300, 150), (400, 300)])
    pad.show_stimulus(0.6, during=lambda: window.grab(os.path.join(shots, "e2e-pad-stimulus.png")))
    pad.stroke([(600, 400), (800, 420)])
    pad.hold_show_again()
    pad.stroke([(900, 100), (1100, 500)], hold=lambda: window.grab(os.path.join(shots, "e2e-pad.png")))
    pad.end_trial()
    window.grab(tmp_path / "ended.png")
    pad.finish_and_close()
    out, err = window.finish(timeout=30)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    files = pad_files(data)
    assert sorted(files) == TRIAL_FILES, files
    main = files[".txt"][0]
    assert os.path.basename(main).startswith("Ana 7 (Trial 1) "), main
    header, events = pad_events(main)
    assert header[0] == "Name                 :Ana 7", header[0]
    assert header[4:10] == ["Stroke Width         :3.0", "Stimulus Files       :figure-1.png,figure-2.png,figure-3.png",
                            "Familiarisation File :practice.png", "Input Mask File      :dot-grid.png",
                            "Drawing Pad Size     :1260,600", "Trial Number         :1"], header
    names = [e[4] for e in events]
    assert names == ["FamiliarisationOn_practice.png", "DrawingEnabled", "KeyPressed_40(DOWN:1)", "FamiliarisationOff_practice.png",
                     "KeyReleased_40(DOWN:1)", "ButtonDown", "ButtonReleased", "KeyPressed_39(RIGHT:1)", "StimulusOn_figure-1.png",
                     "KeyReleased_39(RIGHT:1)", "StimulusOff_figure-1.png", "ButtonDown", "ButtonReleased",
                     "StimulusOn_figure-1.png", "StimulusOff_figure-1.png", "ButtonDown", "ButtonReleased",
                     "KeyPressed_27(ESCAPE:1)"], names
    assert [e[0] for e in events] == list(range(1, len(events) + 1)), "n counts from 1 without gaps"
    times = [e[1] for e in events]
    assert times == sorted(times), "t never goes backwards"
    buttons = [(e[2], e[3]) for e in events if e[4].startswith("Button")]
    assert buttons == [(100, 100), (400, 300), (600, 400), (800, 420), (900, 100), (1100, 500)], buttons
    assert all(e[2:4] == (0, 0) for e in events if not e[4].startswith("Button"))

    strokes = open(files["_strokes.txt"][0], encoding="utf-8").read().split("\n")
    assert strokes[:12] == header and strokes[12] == ""
    downs = [e for e in events if e[4] == "ButtonDown"]
    ups = [e for e in events if e[4] == "ButtonReleased"]
    assert strokes[13:-1] == [f"{k};{d[1]};{u[1]};{d[2]};{d[3]};{u[2]};{u[3]}" for k, (d, u) in enumerate(zip(downs, ups), 1)]
    keys = open(files["_keys.txt"][0], encoding="utf-8").read().split("\n")[13:-1]
    assert [k.split(";")[:5] for k in keys] == [["2", "40", "1", "DOWN", "Down"], ["3", "39", "1", "RIGHT", "Right"]], keys

    samples_text = open(files["_samples.tsv"][0], encoding="utf-8").read()
    # The stimulus and drawing lines take the presentation of the frame that showed them, and say so.
    assert "# onset clock: display-presented\n" in samples_text, samples_text[:600]
    samples = [line.split("\t") for line in samples_text.split("\n") if line and not line.startswith("#")]
    columns, rows = samples[0], samples[1:]
    assert columns[:4] == ["kind", "t_event_ns", "t_frame_ns", "x"], columns
    by_stroke = {}
    for row in rows:
        if row[0] == "sample" and row[10]:
            by_stroke.setdefault(int(row[10]), []).append(row)
    assert sorted(by_stroke) == [1, 2, 3], by_stroke.keys()
    assert all(len(v) >= 8 and v[0][9] == "down" and v[-1][9] == "up" for v in by_stroke.values())
    assert any(row[0] == "control" and row[13] == "repeat" for row in rows), "the tap on a control is in the samples file"

    image = pixels(files["_img.png"][0])
    assert image[:2] == (1260, 600), image[:2]
    assert pixel(image, 200, 125) == (0, 0, 0), "the first stroke is in the image"
    assert pixel(image, 10, 550) == (255, 255, 255), "the background elsewhere"
    drawing = pixels(os.path.join(shots, "e2e-pad.png"))
    assert pixel(drawing, *pad.on_screen(200, 125)) == (0, 0, 0), "ink on screen"
    assert pixel(drawing, *pad.on_screen(1000, 300)) == (0, 0, 0), "the stroke in progress on screen"
    stimulus = pixels(os.path.join(shots, "e2e-pad-stimulus.png"))
    assert pixel(stimulus, *pad.on_screen(200, 125)) == (255, 255, 255), "the stimulus covers the ink"

    # The trial replayed from its samples (docs/replay.md), at the end and at the start: the
    # window is the pad (1260x600) over the replay's band, one pixel per pad pixel.
    replayed = {}
    for moment, start in (("end", "1000"), ("start", "0")):
        shot = os.path.join(shots if moment == "end" else tmp_path, f"e2e-pad-replay-{moment}.png")
        with Xvfb() as x:
            replay = labkiosk.run("replay", files[".txt"][0], "--start", start, "--paused", "--size", "1260x664",
                                  "--screenshot-at", "0.5", "--screenshot", shot, "--stop-after", "1", env=x.env, timeout=60)
        assert replay.returncode == 0, replay.stderr
        replayed[moment] = pixels(shot)
    assert max(pixel(replayed["end"], 200, 125)) < 90, ("the first stroke replayed", pixel(replayed["end"], 200, 125))
    assert pixel(replayed["start"], 200, 125) == (255, 255, 255), "no ink before the first stroke"


def test_drawing_pad_killed_mid_trial_then_recovered(labkiosk, xvfb, tmp_path):
    data = tmp_path / "data"
    window = AppWindow.launch(labkiosk, xvfb, "pad", "--data", data, "--size", REFERENCE_SIZE, "--participant", "K 1")
    pad = DrawingPad(window)
    time.sleep(1.0)
    window.focus()
    pad.open_trial()
    pad.end_familiarisation()
    pad.stroke([(50, 50), (250, 250)])
    pad.stroke([(300, 50), (500, 250)])
    time.sleep(0.3)
    window.process.kill()
    window.process.wait()
    files = pad_files(data)
    assert list(files) == ["_journal.txt"], files
    recovered = labkiosk.run("recover", data)
    assert recovered.returncode == 0, recovered.stderr
    files = pad_files(data)
    assert sorted(files) == TRIAL_FILES, files
    assert files[".txt"][0].endswith(" (recovered).txt"), files
    header, events = pad_events(files[".txt"][0])
    assert header[11].startswith("Trial End            :"), header[11]
    assert [e[4] for e in events if e[4].startswith("Button")] == ["ButtonDown", "ButtonReleased"] * 2
    strokes = open(files["_strokes.txt"][0], encoding="utf-8").read().split("\n")[13:-1]
    assert [s.split(";")[3:] for s in strokes] == [["50", "50", "250", "250"], ["300", "50", "500", "250"]], strokes
    assert "# recovered:" in open(files["_samples.tsv"][0], encoding="utf-8").read()


def test_a_live_trials_journal_is_left_alone_by_other_processes(labkiosk, xvfb, tmp_path):
    """`recover` and another `pad` on the data folder while a trial runs in a subfolder: the
    live journal stays, and every stroke, before and after, is in the trial's own files."""
    data = tmp_path / "data"
    data.mkdir()
    window = AppWindow.launch(labkiosk, xvfb, "pad", "--data", data / "sub", "--size", REFERENCE_SIZE, "--participant", "L 1")
    pad = DrawingPad(window)
    time.sleep(1.0)
    window.focus()
    pad.open_trial()
    pad.end_familiarisation()
    pad.stroke([(50, 50), (250, 250)])
    time.sleep(0.3)
    recovered = labkiosk.run("recover", data, timeout=60)
    assert recovered.returncode == 0 and "a running trial holds this journal; it is left alone" in recovered.stdout, recovered
    other = labkiosk.run("pad", "--headless", "--data", data, "--participant", "M 2", timeout=60)
    assert other.returncode == 0 and "recovered an interrupted trial" not in other.stdout, other
    assert "a running trial holds this journal" in other.stdout, other
    pad.stroke([(300, 50), (500, 250)])
    pad.end_trial()
    pad.finish_and_close()
    out, err = window.finish(timeout=30)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    files = pad_files(data / "sub")
    assert sorted(files) == TRIAL_FILES and not files[".txt"][0].endswith(" (recovered).txt"), files
    strokes = open(files["_strokes.txt"][0], encoding="utf-8").read().split("\n")[13:-1]
    assert [s.split(";")[3:] for s in strokes] == [["50", "50", "250", "250"], ["300", "50", "500", "250"]], strokes


def test_drawing_pad_never_replaces_a_trial(labkiosk, tmp_path):
    data = tmp_path / "data"
    # A trial of the same name in each of the next seconds: the run must take another stem.
    now = time.time()
    for offset in range(0, 20):
        t = time.localtime(now + offset)
        day = data / time.strftime("%Y-%m-%d", t)
        day.mkdir(parents=True, exist_ok=True)
        (day / f"Same (Trial 1) {time.strftime('%Y-%m-%d - %H-%M-%S', t)}.txt").write_text("keep me\n")
    run = labkiosk.run("pad", "--headless", "--data", data, "--participant", "Same")
    assert run.returncode == 0, run.stderr
    files = pad_files(data)
    kept = [p for p in files[".txt"] if open(p).read() == "keep me\n"]
    assert len(kept) == 20, "nothing was overwritten"
    new = [p for p in files[".txt"] if p not in kept]
    assert len(new) == 1 and new[0].endswith(" (2).txt"), new
    stem = new[0][:-len(".txt")]
    for suffix in ["_strokes.txt", "_keys.txt", "_img.png", "_samples.tsv"]:
        assert os.path.exists(stem + suffix), suffix


def test_drawing_pad_bad_configuration_starts_nothing(labkiosk, tmp_path):
    config = tmp_path / "bad.ini"
    config.write_text("recording pad size           :1260,600\nstimulus images              :S1.png,missing.png\n")
    shutil.copy(os.path.join(REPO, "Scenarios", "drawing-pad", "figure-1.png"), tmp_path / "S1.png")
    (tmp_path / "missing.png").write_text("not a picture")
    data = tmp_path / "data"
    run = labkiosk.run("pad", "--headless", "--data", data, config)
    assert run.returncode == 1, run
    assert f"{config}:2:38: error:" in run.stderr and "not an image" in run.stderr, run.stderr
    assert not os.path.exists(data), "nothing was started"
    check = labkiosk.run("check", config, os.path.join(REPO, "Scenarios", "drawing-pad", "drawing.ini"))
    assert check.returncode == 1 and f"{config}:2:38" in check.stderr and "drawing.ini: ok" in check.stdout, check


def test_drawing_pad_pen_read_from_evdev_with_pressure_tilt_and_kernel_times(labkiosk, xvfb, tmp_path):
    data = tmp_path / "data"
    inputs = tmp_path / "input"
    fifo = pen_fifo(inputs, node="event3", name="E2E Pen", tilt=True)
    px, py = DrawingPad.TOP_LEFT
    points = [(px + 100 + 10 * i, py + 200 + 5 * i) for i in range(60)]
    # A second stroke during which the kernel drops events (SYN_DROPPED).
    second = pen_stroke_script([(px + 800, py + 100), (px + 820, py + 120), (px + 840, py + 140)])
    second.insert(3, (1 / 240, [(EV_SYN, SYN_DROPPED, 0)]))
    writer = FramePlayer(fifo, [(2.5, [])] + pen_stroke_script(points) + [(0.2, [])] + second)
    window = AppWindow.launch(labkiosk, xvfb, "pad", "--data", data, "--size", REFERENCE_SIZE, "--participant", "pen",
                              "--input-dir", inputs)
    pad = DrawingPad(window)
    time.sleep(0.5)
    window.focus()
    pad.trial_drawn_by(writer)
    pad.finish_and_close()
    out, err = window.finish(timeout=30)
    assert window.process.returncode == 0, f"exit {window.process.returncode}: {err}"
    files = pad_files(data)
    header, events = pad_events(files[".txt"][0])
    buttons = [(e[4], e[2], e[3]) for e in events if e[4].startswith("Button")]
    # The drop ends the second stroke where the pen last was.
    assert buttons == [("ButtonDown", 100, 200), ("ButtonReleased", 690, 495), ("ButtonDown", 800, 100), ("ButtonReleased", 820, 120)], buttons
    stamps = writer.stamps[1:]  # the first is the empty frame before the stroke
    down = [e for e in events if e[4] == "ButtonDown"][0]
    assert abs(down[1] / 1e9 - stamps[1]) < 2e-6, "ButtonDown carries the kernel time of the touch"
    text = open(files["_samples.tsv"][0], encoding="utf-8").read()
    assert "device\t" in text and "E2E Pen" in text, "the pen is named in the samples file"
    rows = [line.split("\t") for line in text.split("\n") if line.startswith("sample\t")]
    pen = [r for r in rows if r[8] == "pen"]
    # A hover in range, the touch, 59 moves, the lift: every report the pen sent.
    # Then the second stroke's hover, touch and move, and the lift the drop made. (What the pen
    # sends after a drop counts again once the device's state is read back, which a FIFO
    # cannot give: docs/input.md.)
    assert [r[9] for r in pen] == ["hover", "down"] + ["move"] * 59 + ["up", "leave"] + ["hover", "down", "move", "up"], [r[9] for r in pen]
    first = pen[:62]
    assert [round(int(r[1]) / 1e9, 6) for r in first] == [round(s, 6) for s in stamps[:62]], "each sample keeps its kernel time"
    assert pen[1][5] == f"{2000 / 4095:.4f}", pen[1]
    assert pen[1][6] == f"{20 / 57 * 180 / 3.141592653589793:.2f}" and pen[1][7] == f"{-10 / 57 * 180 / 3.141592653589793:.2f}", pen[1]
    assert "pen" in text.split("# sampling:")[1].split("\n")[0], "the pen's sampling rate is measured"
    dropped = [line for line in text.split("\n") if line.startswith("dropped\t")]
    assert len(dropped) == 1 and "SYN_DROPPED" in dropped[0], dropped
