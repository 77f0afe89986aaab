# Sourced by the benchmark scripts: serves a folder's files from nginx on 127.0.0.1, writes the JSON they
# fetch and builds the benchmark.

# Installs nginx from Debian's packages unless it is there (it may sit in /usr/sbin).
ensure_nginx() {
    command -v nginx >/dev/null || PATH="$PATH:/usr/sbin"
    command -v nginx >/dev/null || { apt-get update -qq && apt-get install -y -qq nginx >/dev/null; }
}

# Serves the files of `$1` on 127.0.0.1:`$2` as JSON, with keep-alive for the whole run, until
# `kill "$(cat "$1/nginx.pid")"`. An optional `$3` adds directives to the server block.
start_nginx() {
    local root=$1 port=$2 extra=${3:-}
    cat >"$root/nginx.conf" <<CONF
worker_processes 1;
pid $root/nginx.pid;
error_log $root/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $root/tmp;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    server {
        listen 127.0.0.1:$port;
        root $root;
        default_type application/json;
$extra
    }
}
CONF
    mkdir -p "$root/tmp"
    chmod -R a+rX "$root"  # nginx's workers run as an unprivileged user
    nginx -c "$root/nginx.conf"
    sleep 0.5
}

# Writes list.json (13 items, about 1 KB) into `$1`: the body every per-request benchmark fetches.
write_list_json() {
    python3 - "$1" <<'PY'
import json, sys
items = [{"id": i, "name": f"user {i}", "email": f"user{i}@example.com", "active": i % 2 == 0, "score": i * 1.5}
         for i in range(13)]
with open(f"{sys.argv[1]}/list.json", "w") as f:
    json.dump(items, f)
PY
}

# Builds courier-bench in release mode and sets `bin` to the folder it is in. A stale build plan
# can miss files added to Courier since the last build: the plan is made anew.
build_bench() {
    rm -f .build/release.yaml
    swift build -c release --product courier-bench >/dev/null
    bin="$(swift build -c release --show-bin-path)"
}
