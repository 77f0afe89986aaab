# Sourced by the benchmark scripts: serves a folder's files from nginx on 127.0.0.1.

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
