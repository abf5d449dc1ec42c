#!/usr/bin/env python3
"""A real HTTP server on 127.0.0.1 that plays the quote sources for Folio's tests and benchmark.

Usage: fake_sources.py SAMPLES_DIR  — prints the port it listens on, then serves until killed.

It serves NBU's recorded bodies byte for byte (samples/nbu/raw), NBU period answers built from the
wide CSV (samples/nbu/nbu_rates_wide.csv), Stooq's daily closes from samples/stocks, and bodies in
the documented shapes of CoinGecko, Monobank and PrivatBank (docs/fetch-and-mail.md). A path prefix /fault/<kind>/ selects a fault before the
normal answer: slow, 429 (with Retry-After: 1, then normal), 500once, 500always, cut, big,
badjson, html, redirectloop; redirectfile and redirectftp (a 302 to file:// or ftp://),
redirectsame (a 302 to the same path without the fault) and redirect=HOST:PORT (to that server);
echo (a 401 whose body repeats the request's headers, with terminal escapes); and hostile
answers that are otherwise normal: hugedate, hugecode, futuredate, conflict, duplicate (Monobank),
hugems (a CoinGecko chart point), boolrate (NBU), hugerate (Monobank's and PrivatBank's buy and
sell 1e308, whose sum overflows), hugename (a CoinGecko coin named with 10 MiB). GET /_requests lists the requests served so far
with the CoinGecko key header each carried. As a proxy (http_proxy, all_proxy) it records what it is
asked: a GET for an absolute URL by that URL, a CONNECT tunnel as "CONNECT host:port" (then refused).
Standard library only.
"""
import csv, json, math, os, signal, sys, threading, time
from datetime import date, datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

DATA = sys.argv[1]
RAW = os.path.join(DATA, "nbu", "raw")
WIDE_CSV = os.path.join(DATA, "nbu", "nbu_rates_wide.csv")
STOCKS = os.path.join(DATA, "stocks")
# A missing input is said in one line naming it, before the port is printed: the test that started the
# server shows that line rather than a traceback further up its output.
for needed in (RAW, WIDE_CSV, STOCKS):
    if not os.path.exists(needed):
        sys.exit(f"fake_sources.py: {needed}: no such file or directory")
hits = {}
hits_lock = threading.Lock()
requests = []  # (path, x-cg-demo-api-key or None), in order


def load_wide():
    rows = {}
    with open(WIDE_CSV) as f:
        for r in csv.DictReader(f):
            rows[r["date"]] = r
    return rows


WIDE = load_wide()
NAMES = {"USD": ("Долар США", "US Dollar", 840), "EUR": ("Євро", "Euro", 978), "PLN": ("Злотий", "Zloty", 985),
         "GBP": ("Фунт стерлінгів", "Pound Sterling", 826), "CHF": ("Швейцарський франк", "Swiss Franc", 756)}


def nbu_day(q):
    day = q.get("date", [""])[0]
    if len(day) != 8 or not day.isdigit():
        return 200, "application/json", b"[{ Wrong date format }]"
    path = os.path.join(RAW, day + ".json")
    if os.path.exists(path):
        with open(path, "rb") as f:
            return 200, "application/json; charset=utf-8", f.read()
    return 200, "application/json", b"[]"


def nbu_period(q):
    start = datetime.strptime(q["start"][0], "%Y%m%d").date()
    end = datetime.strptime(q["end"][0], "%Y%m%d").date()
    code = q["valcode"][0].upper()
    if code not in NAMES:
        return 200, "application/json", b"[]"
    txt, en, r030 = NAMES[code]
    out, d = [], end
    while d >= start:
        row = WIDE.get(d.isoformat())
        if row and row.get(code):
            rate = float(row[code])
            out.append({"exchangedate": d.strftime("%d.%m.%Y"), "r030": r030, "cc": code, "txt": txt, "enname": en,
                        "rate": rate, "units": 1, "rate_per_unit": rate, "group": "1", "calcdate": (d - timedelta(1)).strftime("%d.%m.%Y")})
        d -= timedelta(1)
    return 200, "application/json", json.dumps(out, ensure_ascii=False).encode()


MONOBANK = [
    {"currencyCodeA": 840, "currencyCodeB": 980, "date": 1704837673, "rateBuy": 38.15, "rateSell": 38.5996},
    {"currencyCodeA": 978, "currencyCodeB": 980, "date": 1704837673, "rateBuy": 41.6, "rateSell": 42.3},
    {"currencyCodeA": 978, "currencyCodeB": 840, "date": 1704837673, "rateBuy": 1.085, "rateSell": 1.098},
    {"currencyCodeA": 826, "currencyCodeB": 980, "date": 1704837600, "rateCross": 46.63},
    {"currencyCodeA": 985, "currencyCodeB": 980, "date": 1704837600, "rateBuy": 0, "rateSell": 0, "rateCross": 9.71},
    {"currencyCodeA": 999, "currencyCodeB": 980, "date": 1704837600, "rateCross": 1.5},
]
PRIVAT = {
    "5": [{"ccy": "EUR", "base_ccy": "UAH", "buy": "40.60000", "sale": "41.66667"},
          {"ccy": "USD", "base_ccy": "UAH", "buy": "37.45000", "sale": "38.05000"}],
    "11": [{"ccy": "EUR", "base_ccy": "UAH", "buy": "40.90000", "sale": "41.90000"},
           {"ccy": "USD", "base_ccy": "UAH", "buy": "37.60000", "sale": "38.20000"}],
}
COINS = {"bitcoin": ("btc", "Bitcoin", 103663.0), "ethereum": ("eth", "Ethereum", 2547.43)}
CHART_END_MS = 1747407600000  # 2025-05-16T15:00:00Z


def coingecko(path, q):
    if path == "/api/v3/coins/markets":
        ids = q.get("ids", [""])[0].split(",")
        out = []
        for i in ids:
            if i in COINS:
                sym, name, price = COINS[i]
                out.append({"id": i, "symbol": sym, "name": name, "image": "", "current_price": price,
                            "market_cap": price * 19_800_000, "market_cap_rank": 1, "total_volume": 3.1e10,
                            "price_change_percentage_24h": 1.637, "last_updated": "2025-05-16T15:04:19.736Z",
                            "roi": None, "max_supply": None})
        return 200, "application/json", json.dumps(out).encode()
    if path.startswith("/api/v3/coins/") and path.endswith("/market_chart"):
        coin = path.split("/")[4]
        if coin not in COINS:
            return 404, "application/json", b'{"error":"coin not found"}'
        days = int(q.get("days", ["7"])[0])
        base = COINS[coin][2]
        n = days * 24
        prices = [[CHART_END_MS - (n - k) * 3_600_000, round(base * (1 + 0.02 * math.sin(k / 9)), 2)] for k in range(1, n + 1)]
        return 200, "application/json", json.dumps({"prices": prices, "market_caps": [], "total_volumes": []}).encode()
    if path == "/api/v3/global":
        return 200, "application/json", json.dumps({"data": {"active_cryptocurrencies": 17000, "total_market_cap": {"usd": 3.41e12},
                                                              "total_volume": {"usd": 1.12e11}, "market_cap_percentage": {"btc": 60.12, "eth": 9.0},
                                                              "updated_at": 1747407859}}).encode()
    if path == "/api/v3/simple/price":
        out = {i: {"usd": COINS[i][2], "last_updated_at": 1747407859} for i in q.get("ids", [""])[0].split(",") if i in COINS}
        return 200, "application/json", json.dumps(out).encode()
    return 404, "application/json", b'{"error":"Not found"}'


def stooq(q):
    symbol = q.get("s", [""])[0]
    if symbol == "limit.us":
        return 200, "text/plain", b"Exceeded the daily hits limit"
    ticker = symbol.split(".")[0].upper()
    path = os.path.join(STOCKS, f"{ticker}_data.csv")
    if not os.path.exists(path):
        return 200, "text/plain", b"No data"
    lines = ["Date,Open,High,Low,Close,Volume"]
    with open(path) as f:
        for r in csv.DictReader(f):
            lines.append(f"{r['date']},{r['open']},{r['high']},{r['low']},{r['close']},{r['volume']}")
    return 200, "text/csv", ("\r\n".join(lines) + "\r\n").encode()


def hostile(fault, path, status, ctype, body):
    """An otherwise normal answer with one value a server should never send."""
    if fault in ("hugedate", "hugecode", "futuredate", "conflict", "duplicate") and path == "/bank/currency":
        rows = json.loads(body)
        if fault == "hugedate":
            rows[0]["date"] = 1e17
        elif fault == "hugecode":
            rows[0]["currencyCodeA"] = 1e30
        elif fault == "futuredate":
            rows[0]["date"] = 16725225600  # 2500-01-01T00:00:00Z
        elif fault == "conflict":
            rows.append(dict(rows[0], rateBuy=38.1))
        else:
            rows.append(dict(rows[0]))
        return status, ctype, json.dumps(rows).encode()
    if fault == "hugerate" and path == "/bank/currency":
        rows = json.loads(body)
        rows[0]["rateBuy"] = rows[0]["rateSell"] = 1e308
        return status, ctype, json.dumps(rows).encode()
    if fault == "hugerate" and path == "/p24api/pubinfo":
        rows = json.loads(body)
        rows[0]["buy"] = rows[0]["sale"] = "1e308"
        return status, ctype, json.dumps(rows).encode()
    if fault == "hugename" and path == "/api/v3/coins/markets":
        rows = json.loads(body)
        rows[0]["name"] = "Bitcoin " + "B" * (10 << 20)
        return status, ctype, json.dumps(rows).encode()
    if fault == "hugems" and path.endswith("/market_chart"):
        chart = json.loads(body)
        chart["prices"][0][0] = 1e22
        return status, ctype, json.dumps(chart).encode()
    if fault == "boolrate" and path == "/NBUStatService/v1/statdirectory/exchange":
        rows = json.loads(body)
        for row in rows:
            if row.get("cc") == "USD":
                row["rate"] = True
        return status, ctype, json.dumps(rows, ensure_ascii=False).encode()
    return status, ctype, body


def answer(path, q):
    if path == "/NBUStatService/v1/statdirectory/exchange":
        return nbu_day(q)
    if path == "/NBU_Exchange/exchange_site":
        return nbu_period(q)
    if path == "/bank/currency":
        return 200, "application/json", json.dumps(MONOBANK).encode()
    if path == "/p24api/pubinfo":
        return 200, "application/json", json.dumps(PRIVAT[q.get("coursid", ["5"])[0]]).encode()
    if path.startswith("/api/v3/"):
        return coingecko(path, q)
    if path == "/q/d/l/":
        return stooq(q)
    return 404, "text/plain", b"not found"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, ctype, body, extra=()):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in extra:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_CONNECT(self):
        """Asked as a proxy to open a tunnel (SMTP through all_proxy): recorded, then refused."""
        with hits_lock:
            requests.append(("CONNECT " + self.path, None))
        self.send(502, "text/plain", b"no tunnels here")
        self.close_connection = True

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path == "/_requests":
            with hits_lock:
                listed = [{"path": p, "key": k} for p, k in requests]
            return self.send(200, "application/json", json.dumps(listed).encode())
        with hits_lock:
            requests.append((self.path, self.headers.get("x-cg-demo-api-key")))
        path, fault = url.path, None
        if path.startswith("/fault/"):
            parts = path.split("/", 3)
            fault, path = parts[2], "/" + (parts[3] if len(parts) > 3 else "")
        query = parse_qs(url.query, keep_blank_values=True)
        with hits_lock:
            n = hits.get(self.path, 0) + 1
            hits[self.path] = n
        if fault == "slow":
            time.sleep(3)
        elif fault == "429" and n == 1:
            return self.send(429, "application/json", b'{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit."}}', [("Retry-After", "1")])
        elif fault == "500once" and n == 1:
            return self.send(500, "text/plain", b"Internal Server Error")
        elif fault == "500always":
            return self.send(503, "text/plain", b"Service Unavailable")
        elif fault == "redirectloop":
            return self.send(302, "text/plain", b"", [("Location", self.path)])
        elif fault in ("redirectfile", "redirectftp"):
            target = "file:///etc/passwd" if fault == "redirectfile" else "ftp://127.0.0.1:21/rates.json"
            return self.send(302, "text/plain", b"", [("Location", target)])
        elif fault == "redirectsame" or (fault or "").startswith("redirect="):
            rest = path + ("?" + url.query if url.query else "")
            target = rest if fault == "redirectsame" else "http://" + fault.split("=", 1)[1] + rest
            return self.send(302, "text/plain", b"", [("Location", target)])
        elif fault == "echo":
            # Credentials first, as an error page that quotes them would; a long key then runs past
            # the 120 bytes a client quotes of an error body.
            items = sorted(self.headers.items(), key=lambda kv: (kv[0].lower() not in ("x-cg-demo-api-key", "authorization"), kv[0].lower()))
            seen = "".join(f"{k}: {v}\n" for k, v in items)
            body = ("\x1b[2J\x1b[31minvalid request\x07, you sent:\n" + seen).encode()
            return self.send(401, "text/plain", body)
        elif fault == "html":
            return self.send(200, "text/html", b"<!DOCTYPE html><html><body>Maintenance</body></html>")
        elif fault == "badjson":
            return self.send(200, "application/json", b'[{"r030":840,"txt":"USD","rate":29.25')
        elif fault == "big":
            body = b"[" + b" " * (17 << 20) + b"]"
            return self.send(200, "application/json", body)
        status, ctype, body = hostile(fault, path, *answer(path, query))
        if fault == "cut":
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        self.send(status, ctype, body)


# The test runner may start us with signals blocked; make sure SIGTERM and SIGINT stop the server.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
# Stop when stdin closes: the runner holds its other end, so the server does not outlive a crashed run.
# (Inherited descriptors stay open: Foundation's Process learns of a child's exit when they close.)


def exit_when_stdin_closes():
    while sys.stdin.buffer.read(1024):
        pass
    os._exit(0)


threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
