"""A picture of a scan file as a whole process: ``scaninbox render`` against f3d's command line.

    .venv/bin/python benchmarks/render_cli.py                # re-runs itself under Xvfb
    .venv/bin/python benchmarks/render_cli.py --rounds 7 --size 1280x960

Files (from ``../shared/realscans``): the real scan subdivided to 400k triangles as a binary
STL (written to a temporary folder), the 100k ASCII STL and the 100k colour PLY. Each round
runs, one after the other, ``scaninbox render FILE --out PNG --size WxH`` and
``f3d FILE --output PNG --resolution W,H`` — process start to PNG on disk, imports included.
Printed: wall time and CPU time of the process (user + system, all its threads) as min /
median ±spread over the rounds, the ratios ours / f3d of the medians (wall and CPU), the most
threads each side ran at once (sampled from ``/proc`` during the warm-up run, which is not
timed) and the load average at start and end. Target (issue 11): ≤ 1.5× f3d (median wall).
``--baseline SRC`` adds an older version of ours (``git archive COMMIT src | tar -x -C DIR``,
then ``--baseline DIR/src``) as a third side of the same rounds.

Like with like: under software OpenGL our picture is smoothed with FXAA (the render policy's
stand-in for multisampling), which f3d 1.x leaves off unless asked, so f3d runs with ``--fxaa``
(its own FXAA pass, a few tens of milliseconds at 1280×960 here). ``--f3d-plain`` runs it
without, as this script did before.

f3d is Debian's package (``apt-get install f3d``; 1.3 in Debian 12), not a dependency of the
app. Its 1.x command line needs an X server even for ``--output``: without one it crashes, so
this script runs itself under ``xvfb-run`` and both programs see the same display (and the same
llvmpipe software OpenGL).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _arches import subdivide, write_binary_stl

REALSCANS = Path(__file__).resolve().parents[2] / "shared" / "realscans"
VENV_BIN = Path(sys.executable).parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--size", default="1280x960")
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="SRC",
        help="also run `scaninbox render` from this source folder (e.g. an exported older "
        "commit's src/) as a third side, to see a change's effect in the same run",
    )
    parser.add_argument(
        "--f3d-plain",
        action="store_true",
        help="run f3d without --fxaa (a picture not smoothed, unlike ours under llvmpipe)",
    )
    args = parser.parse_args()
    f3d = shutil.which("f3d")
    if f3d is None:
        print("f3d is not installed (Debian: apt-get install f3d); nothing to compare against.")
        return 2
    if not (REALSCANS / "Example_01_binary.stl").is_file():
        print(f"The real scans are not in {REALSCANS}; nothing to measure.")
        return 2
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1600x1200x24", sys.executable, *sys.argv]
        return subprocess.run(command, check=False).returncode
    width, height = (int(v) for v in args.size.lower().split("x"))
    load = os.getloadavg()[0]

    from scaninbox.scans import read_mesh, refine

    with tempfile.TemporaryDirectory(prefix="scaninbox-cli-") as tmp:
        folder = Path(tmp)
        real = refine(read_mesh(REALSCANS / "Example_01_binary.stl"))
        points, faces = subdivide(real.points, real.faces)
        files = [
            ("400k binary STL", write_binary_stl(folder / "real400k.stl", points, faces)),
            ("100k ASCII STL", REALSCANS / "Example_01_ascii.stl"),
            ("100k colour PLY", REALSCANS / "Example_01_vcolor_binary.ply"),
        ]
        commands = {
            "ours": lambda p, out: [
                str(VENV_BIN / "scaninbox"),
                "render",
                str(p),
                "--out",
                str(out),
                "--size",
                f"{width}x{height}",
            ],
            "f3d": lambda p, out: [
                f3d,
                str(p),
                "--output",
                str(out),
                "--resolution",
                f"{width},{height}",
                *([] if args.f3d_plain else ["--fxaa"]),
            ],
        }
        envs: dict[str, dict[str, str] | None] = dict.fromkeys(commands)
        if args.baseline is not None:
            commands["baseline"] = commands["ours"]
            envs["baseline"] = dict(os.environ, PYTHONPATH=str(args.baseline.resolve()))
        results: dict[str, dict[str, list[tuple[float, float]]]] = {}
        threads: dict[str, int] = dict.fromkeys(commands, 0)
        for label, path in files:
            results[label] = {side: [] for side in commands}
            for side, command in commands.items():  # warm-up: page cache, font cache
                most = _threads_of(command(path, folder / f"warm-{side}.png"), envs[side])
                threads[side] = max(threads[side], most)
            for _ in range(args.rounds):
                for side, command in commands.items():
                    out = folder / f"{side}.png"
                    results[label][side].append(_run(command(path, out), envs[side]))
    _print(results, args, (width, height), load, threads)
    return 0


def _threads_of(command: list[str], env: dict[str, str] | None = None) -> int:
    """Run ``command`` once and return the most threads it had at once (polled every 2 ms)."""
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    status = Path(f"/proc/{process.pid}/status")
    most = 0
    while process.poll() is None:
        try:
            for line in status.read_text().splitlines():
                if line.startswith("Threads:"):
                    most = max(most, int(line.split()[1]))
        except (OSError, ValueError):
            pass
        time.sleep(0.002)
    if process.returncode != 0:
        raise SystemExit(f"{command[0]} failed ({process.returncode})")
    return most


def _run(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall s, CPU s) of one process, start to exit."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _stats(values: list[float]) -> str:
    return f"{min(values):.2f} / {statistics.median(values):.2f} ±{max(values) - min(values):.2f}"


def _print(
    results: dict[str, dict[str, list[tuple[float, float]]]],
    args: argparse.Namespace,
    size: tuple[int, int],
    load: float,
    threads: dict[str, int],
) -> None:
    print(
        f"\n{args.rounds} rounds, {size[0]}×{size[1]} px, under Xvfb (llvmpipe, LP_NUM_THREADS="
        f"{os.environ.get('LP_NUM_THREADS', 'unset: one per core')}, {os.cpu_count()} cores); "
        f"load average {load:.2f} at start, {os.getloadavg()[0]:.2f} at the end"
    )
    most = ", ".join(f"{side} {n}" for side, n in threads.items())
    print(f"most threads at once (sampled, warm-up run): {most}")
    smoothing = "without FXAA (--f3d-plain)" if args.f3d_plain else "with --fxaa, as ours smooths"
    print(f"f3d {smoothing}")
    print("seconds as min / median ±spread; ratios of medians")
    header = (
        f"{'file':18}{'ours wall':>20}{'f3d wall':>20}{'wall ×':>8}"
        f"{'ours CPU':>20}{'f3d CPU':>20}{'CPU ×':>8}"
    )
    print(header)
    for label, sides in results.items():
        ours_wall, ours_cpu = ([w for w, _ in sides["ours"]], [c for _, c in sides["ours"]])
        peer_wall, peer_cpu = ([w for w, _ in sides["f3d"]], [c for _, c in sides["f3d"]])
        print(
            f"{label:18}{_stats(ours_wall):>20}{_stats(peer_wall):>20}"
            f"{_ratio(ours_wall, peer_wall):>8}{_stats(ours_cpu):>20}{_stats(peer_cpu):>20}"
            f"{_ratio(ours_cpu, peer_cpu):>8}"
        )
        if "baseline" in sides:
            before_wall = [w for w, _ in sides["baseline"]]
            before_cpu = [c for _, c in sides["baseline"]]
            print(
                f"{'  baseline':18}{_stats(before_wall):>20}{'':>20}"
                f"{_ratio(before_wall, peer_wall):>8}{_stats(before_cpu):>20}{'':>20}"
                f"{_ratio(before_cpu, peer_cpu):>8}"
            )
    print("  target: ours ≤ 1.5× f3d (median wall time)")


def _ratio(ours: list[float], peer: list[float]) -> str:
    return f"{statistics.median(ours) / statistics.median(peer):.2f}×"


if __name__ == "__main__":
    raise SystemExit(main())
