"""Printables benchmark: every PDF of a 200-table round (issue: under 2 s each).

Pure builders (``scoring.pdf``) on made-up data: a heat of 200 tables of 5 (1000
players, some with accented, Chinese and Hebrew names), and for the bracket and
report an event whose three heats hold 200 tables, a semi-final of 36 and a final.
The QR code cache is emptied before every build, so each run encodes its codes.
Font loading happens once per process and is timed on its own.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.pdf import BUILDERS, fonts  # noqa: E402
from scoring.pdf.base import qr_modules  # noqa: E402
from scoring.pdf.data import (  # noqa: E402
    ClockPrint,
    EventPrint,
    Finish,
    HeatPrint,
    Line,
    ResultTable,
    RoundPrint,
    SeatedTable,
)

BASE = "http://192.168.1.20:8000"
SPECIAL = ["Zoë Ñúñez-Öztürk", "王芳", "Ann & Bo", "<Zed>", "דוד לוי"]
RUNS = 3


def name(i: int) -> str:
    return SPECIAL[i] if i < len(SPECIAL) else f"Player {i:04d} Lastname"


def round_data(tables: int = 200) -> RoundPrint:
    seated = tuple(
        SeatedTable(
            t,
            tuple(name(t * 5 + s) for s in range(5)),
            f"{BASE}/e/b/round/1/table/{t}/",
        )
        for t in range(1, tables + 1)
    )
    return RoundPrint("Medici, benchmark", "Heat 1", seated, f"{BASE}/e/b/")


def result(number: int, first: int, size: int) -> ResultTable:
    finishes = tuple(Finish(name(first + s), 100 - 10 * s, s + 1) for s in range(size))
    return ResultTable(number, finishes)


def event_data() -> EventPrint:
    heats = tuple(
        HeatPrint(h, tuple(result(t, h * 1000 + t * 5, 5) for t in range(1, 68)))
        for h in range(1, 4)
    )
    return EventPrint(
        event="Medici, benchmark",
        standings_url=f"{BASE}/e/b/",
        heats=heats,
        participants=1000,
        semi_size=36,
        semi_layout=(6,) * 6,
        qualifiers=tuple(Line(name(i), "won a heat table") for i in range(36)),
        alternates=tuple(Line(name(900 + i), f"alternate {i + 1}") for i in range(6)),
        semi=tuple(result(t, 5000 + t * 6, 6) for t in range(1, 7)),
        final=(result(1, 6000, 6),),
        laurels=tuple(Line(name(6000 + i), "final", i + 1) for i in range(6)),
    )


def main() -> None:
    start = time.perf_counter()
    fonts.register()
    fonts.runs("王")
    loading = time.perf_counter() - start
    data = {
        "assignments": round_data(),
        "scoresheets": round_data(),
        "timer-rules": ClockPrint("Medici, benchmark"),
        "bracket": event_data(),
        "report": event_data(),
    }
    print("## Printables (`bench/bench_printing.py`)\n")
    print(
        f"Python {platform.python_version()}; a heat of 200 tables of 5 "
        "(1000 players); the bracket and report of three heats of 67 tables, a "
        f"36-player semi-final and a final. Fonts loaded once: {loading:.3f} s. "
        f"Median and max of {RUNS} builds, QR codes encoded afresh each time. "
        "Budget: 2 s per PDF.\n"
    )
    print("| PDF | pages | KiB | median s | max s |")
    print("|---|---:|---:|---:|---:|")
    for kind, value in data.items():
        times, size = [], 0
        for _ in range(RUNS):
            qr_modules.cache_clear()
            began = time.perf_counter()
            content = BUILDERS[kind](value, "letter")
            times.append(time.perf_counter() - began)
            size = len(content)
        pages = content.count(b"/Type /Page\n") or content.count(b"/Type /Page ")
        print(
            f"| {kind} | {pages} | {size // 1024} | {statistics.median(times):.3f} "
            f"| {max(times):.3f} |"
        )


if __name__ == "__main__":
    main()
