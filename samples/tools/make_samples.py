#!/usr/bin/env python3
"""Builds Folio's sample data set in samples/ from the public data sets named in samples/README.md.

Run from the project root: python3 samples/tools/make_samples.py DATA_DIR [BENCH_DIR]
DATA_DIR holds the data sets as their SOURCE.md files in samples/ describe them (nbu-official-rates/,
sp500-stocks-5yr/, dsx-balances/, oil-prices-eia/); BENCH_DIR (default DATA_DIR/../bench) the standard
chart workloads. The output is committed; this script documents (and can repeat) how it was made.
Everything random is seeded, so the same inputs give the same bytes.
"""
import csv, math, os, random, shutil, sys
from datetime import date, timedelta

if len(sys.argv) < 2:
    sys.exit("usage: make_samples.py DATA_DIR [BENCH_DIR]  (the data sets' folder; see samples/README.md)")
DATA = sys.argv[1]
BENCH = sys.argv[2] if len(sys.argv) > 2 else os.path.join(DATA, "..", "bench")
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
STOCKS = ["AAPL", "MSFT", "AMZN", "GOOGL", "JPM", "BAC", "XOM", "JNJ", "KO", "NVDA"]


def write_csv(name, header, rows):
    with open(os.path.join(OUT, name), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


# --- Stocks: verbatim copies ---------------------------------------------------------------
os.makedirs(os.path.join(OUT, "stocks"), exist_ok=True)
closes = {}
for t in STOCKS:
    src = os.path.join(DATA, "sp500-stocks-5yr", f"{t}_data.csv")
    shutil.copyfile(src, os.path.join(OUT, "stocks", f"{t}_data.csv"))
    with open(src) as f:
        closes[t] = {r["date"]: float(r["close"]) for r in csv.DictReader(f)}
trading_days = sorted(closes["AAPL"])

# --- NBU rates as a quotes CSV ---------------------------------------------------------------
nbu = {}
with open(os.path.join(DATA, "nbu-official-rates", "nbu_rates_wide.csv")) as f:
    for r in csv.DictReader(f):
        nbu[r["date"]] = r
rows = []
for d in sorted(nbu):
    for code, start in (("USD", "2013-01-01"), ("EUR", "2013-01-01"), ("PLN", "2013-01-01"), ("GBP", "2019-01-01"), ("TRY", "2019-01-01")):
        if start <= d <= "2020-12-31" and nbu[d][code]:
            rows.append([d, code, "UAH", nbu[d][code], "nbu", "nbu"])
write_csv("nbu-rates.csv", ["date", "asset", "currency", "price", "market", "source"], rows)


def nbu_rate(code, day):
    d = date.fromisoformat(day)
    while d.isoformat() not in nbu or not nbu[d.isoformat()][code]:
        d -= timedelta(days=1)
    return float(nbu[d.isoformat()][code])


# --- Portfolio "Demo UAH": UAH and USD deposits, UAH→USD conversions at the NBU rate, 10 stocks ---
rng = random.Random(20130301)
trades, cash = [], []
balance = {"UAH": 0.0, "USD": 0.0}
holdings = {t: 0 for t in STOCKS}
tid = 0


def trade(day, side, asset, qty, price, cur, fee, fee_cur):
    global tid
    tid += 1
    trades.append([f"{day}T15:30:00Z", side, asset, qty, f"{price:.4f}".rstrip("0").rstrip("."), cur,
                   f"{fee:.2f}", fee_cur, f"DEMO-T{tid:04d}"])
    sign = 1 if side == "buy" else -1
    if asset in balance:
        balance[asset] += sign * qty
    else:
        holdings[asset] += sign * qty
    balance[cur] -= sign * qty * price
    balance[fee_cur] -= fee
    assert balance["USD"] >= -1e-6 and balance["UAH"] >= -1e-6, (day, balance)


def deposit(day, cur, amount, kind="deposit"):
    cash.append([f"{day}T09:00:00Z", kind, cur, f"{amount:.2f}", "0", "completed", f"DEMO-C{len(cash) + 1:04d}"])
    balance[cur] += amount if kind == "deposit" else -amount


months = sorted({d[:7] for d in trading_days if "2013-03" <= d[:7] <= "2017-12"})
for i, m in enumerate(months):
    day = min(d for d in trading_days if d.startswith(m))
    if i % 3 == 0:
        # A quarterly UAH deposit, converted to dollars at the NBU rate of the day.
        uah = 120_000 if i == 0 else rng.choice([40_000, 50_000, 60_000, 80_000])
        deposit(day, "UAH", uah)
        rate = nbu_rate("USD", day)
        usd = math.floor(uah * 0.95 / rate)
        trade(day, "buy", "USD", usd, rate, "UAH", 0, "UAH")
    if i % 6 == 3:
        deposit(day, "USD", rng.choice([2_000, 3_000, 5_000]))
    if i == 40:
        deposit(day, "USD", 4_000, kind="withdrawal")
    # Buy two stocks a month with the dollars at hand, at the day's close.
    for t in rng.sample(STOCKS, 2):
        price = closes[t][day]
        budget = balance["USD"] * rng.uniform(0.25, 0.45)
        qty = int(budget // price)
        if qty > 0:
            trade(day, "buy", t, qty, price, "USD", 1.0, "USD")
    # From 2016 on, now and then take profit on part of a position.
    if m >= "2016-01" and i % 4 == 1:
        t = max(STOCKS, key=lambda s: holdings[s] * closes[s][day])
        qty = holdings[t] // 3
        if qty > 0:
            trade(day, "sell", t, qty, closes[t][day], "USD", 1.0, "USD")
write_csv("demo-uah-trades.csv", ["time", "side", "asset", "quantity", "price", "price_currency", "fee", "fee_currency", "id"], trades)
write_csv("demo-uah-transactions.csv", ["time", "type", "currency", "amount", "fee", "status", "id"], cash)

# --- DSX exports: verbatim copies with their license (the dev files are the first 5 rows of prod) ---
os.makedirs(os.path.join(OUT, "dsx"), exist_ok=True)
for name in ("dsx_trades_prod.csv", "dsx_transactions_prod.csv", "dsx_trades_dev.csv", "dsx_transactions_dev.csv",
             "LICENSE.student-project-balances-backend.txt"):
    shutil.copyfile(os.path.join(DATA, "dsx-balances", name), os.path.join(OUT, "dsx", name))

# --- Files as their sources publish them, for the manual's examples, the tests and the benchmark ----
def copy_rows(src, dst, keep):
    """The header and the lines whose first field `keep` accepts, byte for byte (line ends included)."""
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(src, "rb") as f:
        lines = f.read().splitlines(keepends=True)
    with open(dst, "wb") as f:
        f.write(lines[0])
        f.writelines(line for line in lines[1:] if keep(line.split(b",", 1)[0].decode()))


# NBU: the 11 recorded answers verbatim (holidays, old codes, an empty day), and the wide table from
# 2013 on: the stocks' window for the benchmark, 2017-2021 for the fake NBU server's period answers,
# 24 February - 2 March 2022 (a day without a USD rate) for the wide import's tests.
os.makedirs(os.path.join(OUT, "nbu", "raw"), exist_ok=True)
for name in sorted(os.listdir(os.path.join(DATA, "nbu-official-rates", "raw"))):
    shutil.copyfile(os.path.join(DATA, "nbu-official-rates", "raw", name), os.path.join(OUT, "nbu", "raw", name))
copy_rows(os.path.join(DATA, "nbu-official-rates", "nbu_rates_wide.csv"), os.path.join(OUT, "nbu", "nbu_rates_wide.csv"),
          lambda day: day >= "2013-01-01")
# Brent as EIA publishes it (Date,Price), 2013-2017: a file for `folio import csv` through a mapping.
copy_rows(os.path.join(DATA, "oil-prices-eia", "brent-daily.csv"), os.path.join(OUT, "oil", "brent-daily.csv"),
          lambda day: "2013-01-01" <= day <= "2017-12-31")
# The standard chart workloads of folio-bench (W1-W5), verbatim.
os.makedirs(os.path.join(OUT, "bench"), exist_ok=True)
for name in ("README.md", "daily_closes.csv", "hourly_7d.csv", "holdings.csv", "composition.csv"):
    shutil.copyfile(os.path.join(BENCH, name), os.path.join(OUT, "bench", name))

# --- Crypto daily quotes in USD, generated ------------------------------------------------------
# No crypto history with a clear license is at hand, so daily closes are generated: a seeded random
# walk in log price, bent (a Brownian bridge) to pass through the prices of the real DSX trades, so
# that the portfolio is valued at prices consistent with what was paid. Coins move together, as real
# ones do: each day's log return is a common market move times the coin's beta plus the coin's own
# noise, which gives BTC and the large coins daily-return correlations around 0.7-0.85 and the
# stablecoin none.
anchors = {}
with open(os.path.join(DATA, "dsx-balances", "dsx_trades_prod.csv")) as f:
    for line in f.read().split("\n"):
        if not line:
            continue
        p = line.split(";")
        day, asset, price, cur = p[0][:10], p[4].upper(), float(p[5].replace(",", ".")), p[6].upper()
        anchors.setdefault(asset, {}).setdefault(day, (price, cur))
levels = {"BTC": 3700, "ETH": 130, "LTC": 32, "EOS": 2.5, "BCH": 160, "BSV": 80, "BTG": 12, "USDT": 1.0}
beta = {"BTC": 1.0, "ETH": 1.15, "LTC": 1.2, "EOS": 1.2, "BCH": 1.2, "BSV": 1.1, "BTG": 1.1, "USDT": 0.0}
own = {"BTC": 0.012, "ETH": 0.022, "LTC": 0.028, "EOS": 0.03, "BCH": 0.028, "BSV": 0.04, "BTG": 0.03, "USDT": 0.001}
start, end = date(2019, 1, 1), date(2020, 6, 30)
days = [(start + timedelta(n)).isoformat() for n in range((end - start).days + 1)]
market_rng = random.Random("folio-crypto-market")
market = [market_rng.gauss(0, 0.033) for _ in days[1:]]
usd_per = {}
for code in sorted(levels):
    rng = random.Random("folio-" + code)
    walk = [math.log(levels[code])]
    for m in market:
        walk.append(walk[-1] + beta[code] * m + rng.gauss(0, own[code]))
    usd_per[code] = walk
for code in ("BTC", "ETH", "LTC", "EOS", "BCH", "BTG"):
    points = []
    for day, (price, cur) in sorted(anchors.get(code, {}).items()):
        if cur == "USD":
            usd = price
        elif cur == "BTC":
            continue  # priced in BTC: anchored after BTC is fixed, below
        else:
            usd = price * nbu_rate(cur, day) / nbu_rate("USD", day)
        points.append((days.index(day), math.log(usd)))
    if code in ("ETH", "LTC", "EOS"):
        for day, (price, cur) in sorted(anchors[code].items()):
            if cur == "BTC":
                points.append((days.index(day), math.log(price) + usd_per["BTC"][days.index(day)]))
        points.sort()
    if not points:
        continue
    walk = usd_per[code]
    offsets = [(i, target - walk[i]) for i, target in points]
    bent = []
    for i in range(len(days)):
        before = [o for o in offsets if o[0] <= i]
        after = [o for o in offsets if o[0] >= i]
        if not before:
            off = after[0][1]
        elif not after:
            off = before[-1][1]
        elif before[-1][0] == after[0][0]:
            off = before[-1][1]
        else:
            (i0, o0), (i1, o1) = before[-1], after[0]
            off = o0 + (o1 - o0) * (i - i0) / (i1 - i0)
        bent.append(walk[i] + off)
    usd_per[code] = bent
rows = []
for i, day in enumerate(days):
    for code in sorted(usd_per):
        price = math.exp(usd_per[code][i])
        rows.append([day, code, "USD", f"{price:.8g}", "exchange", "generated"])
    # EURS is a stablecoin that tracks the euro: its price is the NBU EUR/USD cross.
    rows.append([day, "EURS", "USD", f"{nbu_rate('EUR', day) / nbu_rate('USD', day):.6f}", "exchange", "generated"])
write_csv("crypto-usd-generated.csv", ["date", "asset", "currency", "price", "market", "source"], rows)

# --- Personal budget in UAH, December 2025 – November 2026, generated ---------------------------
rng = random.Random("folio-budget")
income = [("Зарплатня", 42_000, 48_000, 1.0), ("Подарунки", 500, 3_000, 0.25), ("Депозит", 600, 900, 1.0),
          ("Крипто", 1_000, 6_000, 0.3), ("Інший дохід", 800, 4_000, 0.4)]
expense = [("Продукти", 900, 2_400, 7), ("Транспорт", 150, 600, 6), ("Житло", 12_000, 12_000, 1),
           ("Комунальні послуги", 1_800, 3_500, 1), ("Кафе та ресторани", 250, 1_200, 3), ("Здоров'я", 300, 2_500, 1),
           ("Одяг", 800, 4_000, 1), ("Розваги", 200, 1_500, 2), ("Спорт", 900, 1_400, 1), ("Освіта", 500, 3_000, 1)]
notes = {"Спорт": "абонемент у спортзал", "Житло": "оренда квартири", "Зарплатня": "зарплата"}
rows = []
month = date(2025, 12, 1)
while month <= date(2026, 11, 1):
    nxt = date(month.year + (month.month == 12), month.month % 12 + 1, 1)
    ndays = (nxt - month).days
    for name, lo, hi, p in income:
        if rng.random() < p:
            day = month + timedelta(rng.randrange(ndays))
            rows.append([day.isoformat(), "income", name, f"{rng.uniform(lo, hi):.2f}", "UAH", notes.get(name, "")])
    for name, lo, hi, n in expense:
        for _ in range(n if n == 1 else rng.randint(n - 1, n + 1)):
            day = month + timedelta(rng.randrange(ndays))
            rows.append([day.isoformat(), "expense", name, f"{rng.uniform(lo, hi):.2f}", "UAH", notes.get(name, "")])
    month = nxt
rows.sort(key=lambda r: (r[0], r[1], r[2]))
write_csv("budget-uah.csv", ["date", "type", "category", "amount", "currency", "note"], rows)

# --- Bank rates, December 2020, generated in the shapes of the banks' answers ----------------------
# The NBU publishes one official rate; banks buy and sell around it. No archive of Monobank's or
# PrivatBank's answers with a clear license is at hand, so each day's answers are generated from that
# day's NBU rate: a bank's middle rate drifts a little above the official one (a seeded random walk,
# as banks' rates do in a calm month) and its buy and sell sit a spread apart, wider in cash than on
# cards and wider for EUR than USD. The files are what `folio fetch monobank` and `folio fetch
# privatbank` receive (docs/fetch-and-mail.md) and enter the demo database through the same parsers
# (`folio import monobank-json` / `privatbank-json`). PrivatBank's answer carries no time; the demo
# script gives each day's answers 09:00 UTC.
import json
bank_rng = random.Random("folio-banks")
BANK_DAYS = [date(2020, 12, 14) + timedelta(n) for n in range(18)]
NUMERIC = {"USD": 840, "EUR": 978, "PLN": 985, "GBP": 826, "UAH": 980}
# Half-spreads as a fraction of the middle rate: (Monobank card, PrivatBank card, PrivatBank cash).
HALF_SPREAD = {"USD": (0.0052, 0.0045, 0.0062), "EUR": (0.0085, 0.0070, 0.0095)}
drift = {(bank, code): 0.002 for bank in ("mono", "privat-card", "privat-cash") for code in ("USD", "EUR", "PLN", "GBP")}


def middle(bank, code, day):
    # Each bank's premium over the official rate walks between 0.15 and 0.6 %.
    key = (bank, code)
    drift[key] = min(0.006, max(0.0015, drift[key] + bank_rng.gauss(0, 0.0008)))
    return nbu_rate(code, day) * (1 + drift[key])


def dump(path, value):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(json.dumps(value, separators=(",", ":")) + "\n")


for day in BANK_DAYS:
    iso = day.isoformat()
    folder = os.path.join(OUT, "banks", iso)
    midnight = int((day - date(1970, 1, 1)).total_seconds())
    mono = []
    for code in ("USD", "EUR"):
        mid, half = middle("mono", code, iso), HALF_SPREAD[code][0]
        mono.append({"currencyCodeA": NUMERIC[code], "currencyCodeB": 980, "date": midnight + 25_200 + bank_rng.randrange(3_600),
                     "rateBuy": round(mid * (1 - half), 2), "rateSell": round(mid * (1 + half), 4)})
    eur_usd = middle("mono", "EUR", iso) / middle("mono", "USD", iso)
    mono.append({"currencyCodeA": 978, "currencyCodeB": 840, "date": midnight + 25_200 + bank_rng.randrange(3_600),
                 "rateBuy": round(eur_usd * 0.994, 4), "rateSell": round(eur_usd * 1.006, 4)})
    for code in ("PLN", "GBP"):
        mono.append({"currencyCodeA": NUMERIC[code], "currencyCodeB": 980, "date": midnight + 25_200 + bank_rng.randrange(3_600),
                     "rateCross": round(middle("mono", code, iso), 4)})
    dump(os.path.join(folder, "monobank.json"), mono)
    for market, column, step in (("card", 1, 0.01), ("cash", 2, 0.05)):
        answer = []
        for code in ("USD", "EUR"):
            mid, half = middle("privat-" + market, code, iso), HALF_SPREAD[code][column]
            buy = math.floor(mid * (1 - half) / step) * step
            sale = math.ceil(mid * (1 + half) / step) * step
            answer.append({"ccy": code, "base_ccy": "UAH", "buy": f"{buy:.5f}", "sale": f"{sale:.5f}"})
        dump(os.path.join(folder, f"privatbank-{market}.json"), answer)

print(f"{len(trades)} trades, {len(cash)} cash transactions, {len(rows)} budget rows")
