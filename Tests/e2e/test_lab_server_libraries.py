"""labkiosk-lab on a lab server with no display: deploy/lab/install-server installs a binary
built elsewhere with only the Debian packages it names, so every library the binary loads must
come from those packages (or from what every Debian system has), and none may be a display or
sound library. The binary is then run with nothing but its own libraries."""
import os
import re
import shutil
import subprocess

from labkiosk_harness import REPO

DISPLAY_OR_SOUND = re.compile(r"lib(SDL2|X11|Xext|xcb|wayland|xkbcommon|decor|drm|gbm|EGL|GL|asound|pulse|freetype|harfbuzz)\b")


def lab_binary(labkiosk):
    return os.path.join(os.path.dirname(labkiosk.path), "labkiosk-lab")


def libraries(binary):
    """Each shared library the loader finds for `binary`, by name: its path."""
    found = {}
    for line in subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        match = re.match(r"\s*(\S+) => (/\S+)", line)
        if match:
            found[match.group(1)] = match.group(2)
    return found


def installer_packages():
    """The Debian packages deploy/lab/install-server installs (its `packages=(…)` line)."""
    text = open(os.path.join(REPO, "deploy", "lab", "install-server")).read()
    return re.search(r"^packages=\(([^)]*)\)", text, re.M).group(1).split()


def package_of(path):
    owner = subprocess.run(["dpkg-query", "-S", os.path.realpath(path)], capture_output=True, text=True)
    if owner.returncode != 0:  # a library under /lib that dpkg knows under /usr/lib (merged /usr), or the reverse
        other = os.path.realpath(path).replace("/usr/lib/", "/lib/", 1) if "/usr/lib/" in os.path.realpath(path) \
            else os.path.realpath(path).replace("/lib/", "/usr/lib/", 1)
        owner = subprocess.run(["dpkg-query", "-S", other], capture_output=True, text=True)
    assert owner.returncode == 0, f"no Debian package holds {path}: {owner.stderr}"
    return owner.stdout.split(":")[0]


def test_the_lab_server_links_no_display_or_sound_library_and_only_what_its_installer_installs(labkiosk):
    binary = lab_binary(labkiosk)
    found = libraries(binary)
    assert not [name for name in found if DISPLAY_OR_SOUND.search(name)], sorted(found)
    closure = subprocess.run(["apt-cache", "depends", "--recurse", "--no-recommends", "--no-suggests", "--no-conflicts",
                              "--no-breaks", "--no-replaces", "--no-enhances", *installer_packages()],
                             capture_output=True, text=True, check=True).stdout
    installed = {line.strip() for line in closure.splitlines() if not line.startswith(" ")}
    essential = {line.split()[0] for line in subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Essential}\n"], capture_output=True,
                                                              text=True, check=True).stdout.splitlines() if line.endswith(" yes")}
    missing = {name: package_of(path) for name, path in found.items()}
    missing = {name: package for name, package in missing.items() if package.split(":")[0] not in installed | essential}
    assert not missing, f"install-server does not install what these libraries come from: {missing}"


def test_the_lab_server_runs_with_its_own_libraries_only(labkiosk, tmp_path):
    binary = lab_binary(labkiosk)
    folder = tmp_path / "libraries"
    folder.mkdir()
    for name, path in libraries(binary).items():
        shutil.copy(path, folder / name)
    loader = next(path for path in ["/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1"] if os.path.exists(path))
    # No cache and no system folder: only the copied libraries can be found.
    def run(*arguments):
        return subprocess.run([loader, "--inhibit-cache", "--library-path", str(folder), binary, *arguments],
                              capture_output=True, text=True, timeout=60, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    version = run("--version")
    assert version.returncode == 0 and version.stdout.strip(), version.stdout + version.stderr
    data = tmp_path / "data"
    data.mkdir()
    added = subprocess.run([loader, "--inhibit-cache", "--library-path", str(folder), binary, "staff", "add", "--data", str(data), "ada"],
                           input="a long enough password\n", capture_output=True, text=True, timeout=60,
                           env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert added.returncode == 0, added.stdout + added.stderr
    listed = run("staff", "list", "--data", str(data))
    assert listed.returncode == 0 and listed.stdout.startswith("ada\tread-only"), listed.stdout + listed.stderr
