"""The tables and the chart of `peers.sh`.

    python3 peers.py RESULTS.jsonl INSTRUCTIONS.tsv CHART.svg SECONDS ROUNDS

Prints Markdown tables: each client's medians, then "Courier ÷ peer", each ratio the median of the
round-by-round ratios (the two runs of a pair ran seconds apart). Writes a chart of requests/s at 1
and 64 in flight, one group of bars per client: with matplotlib when it imports (deterministic: no
date, a fixed hash salt), otherwise with the small SVG writer below.
"""

import collections
import json
import statistics
import sys

results, instructions_file, chart, seconds, rounds = sys.argv[1:6]
clients = ["raw-urlsession", "courier-urlsession", "get", "alamofire", "raw-ahc", "courier-ahc"]
rows = collections.defaultdict(list)
for line in open(results):
    r = json.loads(line)
    rows[(int(r["concurrency"]), r["client"])].append(r)
instructions = {}
for line in open(instructions_file):
    client, count = line.split()
    instructions[client] = int(count)


def med(runs, key):
    return statistics.median(float(r[key]) for r in runs)


def ratio(a, b, key):
    return statistics.median(float(x[key]) / float(y[key]) for x, y in zip(a, b))


print(f"Medians of {rounds} interleaved rounds of {seconds} s each; list.json (about 1 KB) from nginx on loopback.")
print()
header = "| client | req/s, 1 in flight | p50 µs | CPU µs/request | req/s, 64 in flight | p50 µs | CPU µs/request |"
if instructions:
    header += " instructions/request |"
print(header)
print("|---" + "|---:" * (header.count("|") - 2) + "|")
for client in clients:
    one, many = rows.get((1, client)), rows.get((64, client))
    if not one or not many:
        continue
    line = f"| {client} |"
    for runs in (one, many):
        line += f" {med(runs, 'rps'):.0f} | {med(runs, 'p50_us'):.0f} | {med(runs, 'cpu_us_per_request'):.0f} |"
    if instructions:
        line += f" {instructions[client]:,} |" if client in instructions else " |"
    print(line)
print()
header = "| Courier ÷ peer | req/s, 1 in flight | req/s, 64 in flight | p50, 1 in flight | CPU/request, 1 in flight |"
if instructions:
    header += " instructions/request |"
print(header)
print("|---" + "|---:" * (header.count("|") - 2) + "|")
pairs = [("courier-urlsession", peer) for peer in ("get", "alamofire", "raw-urlsession")]
pairs += [("courier-ahc", peer) for peer in ("get", "alamofire", "raw-ahc")]
for courier, peer in pairs:
    if not all(rows.get((c, n)) for c in (1, 64) for n in (courier, peer)):
        continue
    line = (f"| {courier} ÷ {peer} | {ratio(rows[(1, courier)], rows[(1, peer)], 'rps'):.2f}× "
            f"| {ratio(rows[(64, courier)], rows[(64, peer)], 'rps'):.2f}× "
            f"| {ratio(rows[(1, courier)], rows[(1, peer)], 'p50_us'):.2f}× "
            f"| {ratio(rows[(1, courier)], rows[(1, peer)], 'cpu_us_per_request'):.2f}× |")
    if instructions:
        line += f" {instructions[courier] / instructions[peer]:.3f}× |" if courier in instructions and peer in instructions else " |"
    print(line)
print()
print("(allocations are not counted: peer-bench does not link the malloc interposer)")

shown = [c for c in clients if rows.get((1, c)) and rows.get((64, c))]
series = [(f"{c} in flight", [med(rows[(c, n)], "rps") for n in shown]) for c in (1, 64)]
title = f"GET and decode of list.json from nginx on loopback (medians of {rounds} rounds)"
colors = ["#4C72B0", "#DD8452"]

try:
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "courier-peers"
    plt.rcParams["svg.fonttype"] = "none"  # text as text: smaller, and diffs read
    fig, ax = plt.subplots(figsize=(9, 4.5))
    width = 0.38
    for index, (label, values) in enumerate(series):
        offsets = [i + (index - 0.5) * width for i in range(len(shown))]
        bars = ax.bar(offsets, values, width, label=label, color=colors[index])
        ax.bar_label(bars, labels=[f"{v:.0f}" for v in values], fontsize=8, padding=2)
    ax.set_xticks(range(len(shown)), shown)
    ax.set_ylabel("requests/s (higher is better)")
    ax.set_title(title, fontsize=10)
    ax.legend()
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    fig.savefig(chart, metadata={"Date": None, "Creator": None})
except ImportError:
    # The same chart by hand: grouped bars, values above them, client names below.
    width, height, left, bottom, top = 900, 450, 70, 60, 70
    plot_w, plot_h = width - left - 20, height - bottom - top
    peak = max(max(values) for _, values in series) * 1.1
    group = plot_w / len(shown)
    bar = group * 0.38
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="25" text-anchor="middle" font-size="14">{title}</text>',
           f'<text x="18" y="{top + plot_h / 2}" font-size="12" text-anchor="middle" '
           f'transform="rotate(-90 18 {top + plot_h / 2})">requests/s (higher is better)</text>',
           f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="black"/>']
    for index, (label, values) in enumerate(series):
        for i, value in enumerate(values):
            x = left + i * group + group / 2 + (index - 1) * bar
            h = value / peak * plot_h
            out.append(f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{bar:.1f}" height="{h:.1f}" fill="{colors[index]}"/>')
            out.append(f'<text x="{x + bar / 2:.1f}" y="{top + plot_h - h - 4:.1f}" font-size="10" text-anchor="middle">{value:.0f}</text>')
        out.append(f'<rect x="{left + 10 + index * 120}" y="40" width="12" height="12" fill="{colors[index]}"/>')
        out.append(f'<text x="{left + 28 + index * 120}" y="50" font-size="12">{label}</text>')
    for i, client in enumerate(shown):
        out.append(f'<text x="{left + i * group + group / 2:.1f}" y="{top + plot_h + 20}" font-size="12" text-anchor="middle">{client}</text>')
    out.append("</svg>")
    with open(chart, "w") as f:
        f.write("\n".join(out) + "\n")
print(f"(chart: {chart})")
