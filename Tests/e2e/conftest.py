"""Fixtures of the end-to-end tests: the binary under test, a private X server, the out/
folder for screenshots, OpenMATB's scenarios, the pilot plan, a PostgreSQL of the test's own,
and the check that every MATB session log a test wrote passes `labkiosk verify`."""
import os
import shutil
import sys
import tempfile

import pytest

# The harness is shared with scripts/crash-test and scripts/device-test, which add the same folder.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "harness"))
pytest.register_assert_rewrite("labkiosk_harness", "pages", "support", "lab_database")

from labkiosk_harness import REPO, Xvfb, is_matb_log, session_logs  # noqa: E402
from lab_database import Postgres, postgres_bin  # noqa: E402
from support import Labkiosk  # noqa: E402


def pytest_addoption(parser):
    parser.addoption("--binary", metavar="PATH", help="the labkiosk binary under test (default: $LABKIOSK_BINARY)")


@pytest.fixture(scope="session")
def labkiosk(pytestconfig):
    """The binary under test, from --binary or LABKIOSK_BINARY."""
    path = pytestconfig.getoption("binary") or os.environ.get("LABKIOSK_BINARY")
    if not path:
        pytest.exit("name the labkiosk binary to test: --binary PATH or LABKIOSK_BINARY=PATH", returncode=pytest.ExitCode.USAGE_ERROR)
    path = os.path.abspath(path)
    if not os.access(path, os.X_OK):
        pytest.exit(f"{path} is not an executable file", returncode=pytest.ExitCode.USAGE_ERROR)
    return Labkiosk(path)


@pytest.fixture
def xvfb():
    """A private X server for the test (run programs on it with `env=xvfb.env`)."""
    with Xvfb() as display:
        yield display


@pytest.fixture(scope="session")
def shots():
    """The repository's out/ folder, where tests leave screenshots worth a look."""
    folder = os.path.join(REPO, "out")
    os.makedirs(folder, exist_ok=True)
    return folder


@pytest.fixture
def openmatb_scenarios():
    """A folder holding OpenMATB's own scenarios (its includes/scenarios, with instructions/
    and questionnaires/ beside it), named by OPENMATB_SCENARIOS; skips the test without it."""
    folder = os.environ.get("OPENMATB_SCENARIOS")
    if not folder:
        pytest.skip("set OPENMATB_SCENARIOS to a folder of OpenMATB's scenarios")
    return folder


@pytest.fixture
def pilot_plan(tmp_path):
    """A copy of the workload-pilot plan with its own files, its pad pictures found from the
    copy: the copy's plan.toml."""
    plan_dir = tmp_path / "workload-pilot"
    shutil.copytree(os.path.join(REPO, "Scenarios", "plans", "workload-pilot"), plan_dir)
    drawing = plan_dir / "drawing.ini"
    drawing.write_text(drawing.read_text().replace("../../drawing-pad/", os.path.join(REPO, "Scenarios", "drawing-pad") + "/"))
    return str(plan_dir / "plan.toml")


@pytest.fixture
def postgres():
    """A PostgreSQL of the test's own, on a free loopback port, stopped and removed after it."""
    if postgres_bin() is None or shutil.which("psql") is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    folder = tempfile.mkdtemp(prefix="labkiosk-e2e-postgres-")
    server = Postgres(folder)
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


class SessionLogVerifier:
    """Runs `labkiosk verify` on every MATB session log under its folders: each must be
    reproduced row for row from its scenario, settings and inputs (a killed run's as far as
    it goes). Logs hand-made by a test end in .log and are left alone."""

    def __init__(self, labkiosk, folder):
        self.labkiosk = labkiosk
        self.folders = [folder]

    def verify(self):
        """Returns how many logs were verified; AssertionError on the first that is not
        reproduced, kept under the temporary folder's labkiosk-e2e-unverified/."""
        verified = 0
        for path in [p for folder in self.folders for p in session_logs(folder)]:
            if not is_matb_log(path):
                continue
            result = self.labkiosk.run("verify", path, timeout=300)
            if result.returncode != 0:
                kept = os.path.join(tempfile.gettempdir(), "labkiosk-e2e-unverified", os.path.basename(path))
                os.makedirs(os.path.dirname(kept), exist_ok=True)
                shutil.copy(path, kept)
                raise AssertionError(f"verify {path} (kept as {kept}):\n{result.stdout}{result.stderr}")
            assert "identical" in result.stdout or "nothing to run again" in result.stdout, result.stdout
            verified += 1
        return verified


@pytest.fixture(autouse=True)
def session_log_verifier(labkiosk, tmp_path):
    """Every MATB session log the test writes in tmp_path (or in a folder a fixture adds to
    `folders`) must pass `labkiosk verify` once the test has passed; pytest_runtest_call runs
    the check."""
    return SessionLogVerifier(labkiosk, str(tmp_path))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    # The check runs here, in the test's own call, rather than in the fixture's teardown: a
    # log that fails verify then fails the test itself instead of erroring its teardown.
    result = yield
    verified = item.funcargs["session_log_verifier"].verify()
    if verified:
        item.add_report_section("call", "verify", f"{verified} session logs verified")
    return result
