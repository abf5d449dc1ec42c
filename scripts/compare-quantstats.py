#!/usr/bin/env python3
"""Folio's performance figures against QuantStats on the same daily returns.

    python3 -m venv /tmp/qs && /tmp/qs/bin/pip install quantstats
    /tmp/qs/bin/python scripts/compare-quantstats.py .build/debug/folio [demo.sqlite]

Builds the demo database with scripts/make-demo-db.sh when none is given, reads each portfolio's daily
time-weighted returns (`folio table daily-returns`, the series every figure is computed from), computes
QuantStats' figures on them, and compares each with what `folio table performance`, `rolling-volatility`,
`rolling-sharpe`, `trailing-returns` and `drawdowns` print, at full precision (relative 1e-9) and to the
digits the text table shows. Exit 1 on any difference. The tests do not need this script (CI has no
QuantStats); the literal values in Tests/FolioCLITests/QuantStatsAgreementTests.swift come from it.

Conventions shared with Folio, written here from QuantStats' own rules, not from Folio's code:
- N (periods per year): 365 when at least a tenth of the counted days are Saturdays or Sundays, else 252;
  the rolling window is QuantStats' half year, ceil(N / 2) counted days.
- A period's returns are those of its days from `from` to `to`, both included.
- Annualised figures use calendar days, (1 + r)^(365 / days) - 1, only for periods of 365 days or more
  (qs.stats.cagr counts returns / N instead, and annualises any period: compared separately below).
"""
import json, math, os, subprocess, sys, tempfile

import pandas as pd
import quantstats as qs

PORTFOLIOS = ["Demo UAH", "DSX crypto"]
failures = []


def folio(binary, db, *args):
    out = subprocess.run([binary, "table", *args, "--db", db, "--format", "json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)["rows"]


def shown(x, digits):
    """The text table's figure: half away from zero on the decimal value."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    q = abs(x) * 10**digits
    r = math.floor(q + 0.5 + 1e-9 * q)
    return ("-" if x < 0 and r != 0 else "") + f"{r / 10**digits:.{digits}f}"


def check(label, folio_value, qs_value, digits=2):
    """folio_value as printed (percent columns in points); qs_value already in the same unit."""
    if folio_value is None or qs_value is None or (isinstance(qs_value, float) and math.isnan(qs_value)):
        same = folio_value is None and (qs_value is None or math.isnan(qs_value))
    else:
        same = abs(folio_value - qs_value) <= 1e-9 * max(1.0, abs(qs_value)) and shown(folio_value, digits) == shown(qs_value, digits)
    print(f"  {'ok ' if same else 'DIFF'} {label:<34} folio {folio_value!r:<24} qs {qs_value!r}")
    if not same:
        failures.append(label)


def periods_per_year(days):
    weekend = sum(1 for d in days if d.weekday() >= 5)
    return 365 if weekend * 10 >= len(days) else 252


def compare(binary, db, name):
    print(f"\n== {name}")
    daily = folio(binary, db, "daily-returns", "--portfolio", name)
    r = pd.Series([row["twr"] / 100 for row in daily], index=pd.to_datetime([row["day"] for row in daily]), name="returns")
    n = periods_per_year(r.index)
    half = math.ceil(n / 2)
    print(f"  {len(r)} counted days, {r.index[0].date()} to {r.index[-1].date()}; N = {n}, rolling window {half} days")

    for rf in (0.0, 0.04):
        extra = ["--risk-free", "4"] if rf else []
        for row in folio(binary, db, "performance", "--portfolio", name, *extra):
            s = r[(r.index >= row["from"]) & (r.index <= row["to"])]
            p = f"{row['period']}{' rf 4 %' if rf else ''}"
            check(f"{p} sharpe", row["sharpe"], qs.stats.sharpe(s, rf=rf, periods=n))
            check(f"{p} sortino", row["sortino"], qs.stats.sortino(s, rf=rf, periods=n))
            check(f"{p} omega", row["omega"], qs.stats.omega(s, rf=rf, required_return=0.0, periods=n))
            if rf:
                continue
            check(f"{p} twr", row["twr"], qs.stats.comp(s) * 100)
            check(f"{p} volatility", row["volatility"], qs.stats.volatility(s, periods=n) * 100)
            check(f"{p} max_drawdown", row["max_drawdown"], qs.stats.max_drawdown(s) * 100)
            check(f"{p} best_day", row["best_day"], qs.stats.best(s) * 100)
            check(f"{p} worst_day", row["worst_day"], qs.stats.worst(s) * 100)
            check(f"{p} best_month", row["best_month"], qs.stats.best(s, aggregate="ME") * 100)
            check(f"{p} worst_month", row["worst_month"], qs.stats.worst(s, aggregate="ME") * 100)
            check(f"{p} best_year", row["best_year"], qs.stats.best(s, aggregate="YE") * 100)
            check(f"{p} worst_year", row["worst_year"], qs.stats.worst(s, aggregate="YE") * 100)
            check(f"{p} positive_days", row["positive_days"], qs.stats.win_rate(s) * 100)
            check(f"{p} positive_months", row["positive_months"], qs.stats.win_rate(s, aggregate="ME") * 100)
            check(f"{p} value_at_risk", row["value_at_risk"], qs.stats.value_at_risk(s) * 100)
            check(f"{p} expected_shortfall", row["expected_shortfall"], qs.stats.expected_shortfall(s) * 100)
            days = (pd.Timestamp(row["to"]) - pd.Timestamp(row["from"])).days + 1
            cagr = (1 + qs.stats.comp(s)) ** (365 / days) - 1 if days >= 365 else None
            mdd = qs.stats.max_drawdown(s)
            check(f"{p} calmar (calendar-day CAGR)", row["calmar"], None if cagr is None or mdd >= 0 else cagr / -mdd)
            print(f"       qs.stats.calmar (CAGR by {len(s)} returns / {n}): {qs.stats.calmar(s, periods=n)!r}")

    for row in folio(binary, db, "trailing-returns", "--portfolio", name):
        s = r[(r.index >= row["from"]) & (r.index <= row["to"])]
        days = (pd.Timestamp(row["to"]) - pd.Timestamp(row["from"])).days + 1
        check(f"trailing {row['period']}", row["twr"], qs.stats.comp(s) * 100)
        annual = ((1 + qs.stats.comp(s)) ** (365 / days) - 1) * 100 if days >= 365 else None
        check(f"trailing {row['period']} annualised", row["twr_annualised"], annual)
        if days >= 365:
            print(f"       qs.stats.cagr (by {len(s)} returns / {n}): {qs.stats.cagr(s, periods=n) * 100!r}")

    for table, column, expected in [
        ("rolling-volatility", "volatility", qs.stats.rolling_volatility(r, rolling_period=half, periods_per_year=n) * 100),
        ("rolling-sharpe", "sharpe", qs.stats.rolling_sharpe(r, rf=0.0, rolling_period=half, periods_per_year=n)),
    ]:
        rows = folio(binary, db, table, "--portfolio", name)
        expected = expected.dropna()
        same_days = [row["day"] for row in rows] == [d.strftime("%Y-%m-%d") for d in expected.index]
        worst = max(abs(row[column] - e) / max(1.0, abs(e)) for row, e in zip(rows, expected))
        ok = same_days and worst <= 1e-9 and all(shown(row[column], 2) == shown(e, 2) for row, e in zip(rows, expected))
        print(f"  {'ok ' if ok else 'DIFF'} {table}: {len(rows)} days (qs {len(expected)}), largest relative difference {worst:.1e}")
        for i in (0, len(rows) // 2, len(rows) - 1):
            print(f"       {rows[i]['day']}  folio {rows[i][column]!r}  qs {expected.iloc[i]!r}")
        if not ok:
            failures.append(table)

    details = qs.stats.drawdown_details(qs.stats.to_drawdown_series(r)).sort_values("max drawdown", kind="stable").head(5)
    for row, (_, d) in zip(folio(binary, db, "drawdowns", "--portfolio", name), details.iterrows()):
        check(f"drawdown {row['rank']} depth", row["depth"], float(d["max drawdown"]))
        ok = row["trough"] == d["valley"]
        print(f"  {'ok ' if ok else 'DIFF'} drawdown {row['rank']} trough {row['trough']} (qs valley {d['valley']}); "
              f"folio peak {row['start']} recovery {row['recovery']} days {row['days']}, qs first day below {d['start']} "
              f"last {d['end']} days {d['days']}")
        if not ok:
            failures.append(f"drawdown {row['rank']} trough")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    db = sys.argv[2] if len(sys.argv) > 2 else os.path.join(tempfile.mkdtemp(), "demo.sqlite")
    if len(sys.argv) <= 2:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        subprocess.run(["bash", "scripts/make-demo-db.sh", binary, db], cwd=root, check=True, capture_output=True)
    print(f"QuantStats {qs.__version__}, pandas {pd.__version__}")
    for name in PORTFOLIOS:
        compare(binary, db, name)
    print(f"\n{len(failures)} differences" + (": " + ", ".join(failures) if failures else ""))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
