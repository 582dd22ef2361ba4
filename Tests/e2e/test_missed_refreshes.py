"""Missed refreshes never silent (docs/timing.md, "Missed refreshes, observed"): 30 s of MATB
under Xvfb, watched by an observer of the X server that knows nothing of labkiosk
(Tests/harness/refresh_observer.c: for every refresh of Present's counter, whether new pixels
reached the window in time for it). Every refresh it saw with no new frame must be in
labkiosk's own account. Refreshes are missed for certain twice: labkiosk stopped for 200 ms,
and Xvfb itself stopped for 300 ms (the reports of the frames sent meanwhile come too late,
and those frames go unreported)."""
import os
import signal
import threading
import time

import pytest
from missed_refreshes import observe_matb

SECONDS = 30
REFRESHES = SECONDS * 60


def stop_for(pid, seconds):
    os.kill(pid, signal.SIGSTOP)
    time.sleep(seconds)
    os.kill(pid, signal.SIGCONT)


def test_every_refresh_the_observer_saw_missed_is_in_labkiosks_account(labkiosk, xvfb, tmp_path):
    display_stall = threading.Timer(20, stop_for, (xvfb.process.pid, 0.3))
    display_stall.start()
    try:
        comparison, output = observe_matb(labkiosk.path, xvfb.env, SECONDS, str(tmp_path), stall_after=10)
    except RuntimeError as problem:
        if "does not build" in str(problem) or "no C compiler" in str(problem):
            pytest.fail(str(problem))
        raise
    finally:
        display_stall.join()
    observation = comparison.observation
    report = comparison.summary()
    assert observation.reports_off_model == 0, observation.text
    # The observer saw the run: about a refresh per 1/60 s from the first frame to the last,
    # nearly all of them told apart (a drawing near a step of the counter, on a busy machine,
    # may belong to either refresh).
    assert abs(comparison.refreshes - REFRESHES) < 0.05 * REFRESHES, report
    assert len(comparison.uncertain) < 0.1 * comparison.refreshes, report
    # The two stalls: the observer saw at least their 30 refreshes go by with no new frame, and
    # so did labkiosk; a busy machine may add more, which both must see.
    assert len(comparison.missed) >= 25 and comparison.account.missed_total >= 25, report + "\n" + output
    assert not comparison.undetected, report + "\nundetected: " + repr(sorted(comparison.undetected.items())) + "\n" + output
