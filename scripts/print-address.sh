#!/usr/bin/env bash
# Prints the address to open, as reachable with the HOST the server binds (make run HOST=… PORT=…):
# a loopback HOST is reachable from this computer only, so no Wi-Fi address is offered for it.
port=${1:-5000}
host=${2:-0.0.0.0}

wifi_address() {
  local ip
  ip=$(hostname -I 2>/dev/null | awk '{print $1}')
  [ -n "$ip" ] || ip=$(ip -4 route get 1.1.1.1 2>/dev/null | awk '{for(i=1;i<=NF;i++) if($i=="src") print $(i+1)}')
  echo "$ip"
}

echo
echo "Scorekeeper is starting."
case "$host" in
  0.0.0.0 | "" | "::" | "[::]")
    # Every interface: this computer and the phones on the same Wi-Fi.
    ip=$(wifi_address)
    echo "  On this computer:          http://127.0.0.1:${port}/"
    if [ -n "$ip" ]; then
      echo "  Phones on the same Wi-Fi:  http://${ip}:${port}/"
    fi
    ;;
  127.* | localhost | "::1" | "[::1]")
    [ "$host" = "::1" ] && host="[::1]"
    echo "  On this computer only:     http://${host}:${port}/"
    echo "  (Phones cannot reach it: run with HOST=0.0.0.0 to play from phones.)"
    ;;
  *)
    # One address of this computer: the one phones on that network open.
    case "$host" in *:*) [ "${host:0:1}" = "[" ] || host="[${host}]" ;; esac
    echo "  Open:                      http://${host}:${port}/"
    ;;
esac
echo
