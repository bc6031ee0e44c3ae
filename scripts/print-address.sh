#!/usr/bin/env bash
# Prints the address that phones on the same Wi-Fi should open.
port=${1:-5000}
ip=$(hostname -I 2>/dev/null | awk '{print $1}')
[ -n "$ip" ] || ip=$(ip -4 route get 1.1.1.1 2>/dev/null | awk '{for(i=1;i<=NF;i++) if($i=="src") print $(i+1)}')
echo
echo "Scorekeeper is starting."
echo "  On this computer:          http://127.0.0.1:${port}/"
[ -n "$ip" ] && echo "  Phones on the same Wi-Fi:  http://${ip}:${port}/"
echo
