#!/bin/sh
# Print the addresses a phone on the same Wi-Fi can open: only those the server listens on.
# Usage: print-address.sh PORT [HOST] (HOST as `make run` binds it; 0.0.0.0 = every address).
port="${1:-8000}"
host="${2:-0.0.0.0}"
echo ""
case "$host" in
  127.*|localhost|::1|"[::1]")
    echo "Scorekeeper is starting for this computer only: open it here at http://${host}:${port}/"
    echo "  No other phone can reach it (${host} is a loopback address)."
    echo "  For the phones at the table, start it with 'make run' (every address) instead."
    ;;
  0.0.0.0|::|"[::]"|"")
    echo "Scorekeeper is starting. Open it on this machine at http://127.0.0.1:${port}/"
    addresses=$(hostname -I 2>/dev/null || true)
    for address in $addresses; do
      case "$address" in
        *:*) ;;  # skip IPv6 for a simpler address to type
        127.*) ;;
        *) echo "  or from a phone on the same network: http://${address}:${port}/" ;;
      esac
    done
    ;;
  *)
    echo "Scorekeeper is starting. Open it from any phone on the same network at http://${host}:${port}/"
    ;;
esac
echo ""
echo "No games yet? Stop with Ctrl-C and run 'make demo' for a demo history to explore."
echo ""
