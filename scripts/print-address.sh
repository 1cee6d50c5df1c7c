#!/bin/sh
# Print the addresses a phone on the same Wi-Fi can open.
port="${1:-8000}"
echo ""
echo "Scorekeeper is starting. Open it on this machine at http://127.0.0.1:${port}/"
addresses=$(hostname -I 2>/dev/null || true)
for address in $addresses; do
  case "$address" in
    *:*) ;;  # skip IPv6 for a simpler address to type
    *) echo "  or from a phone on the same network: http://${address}:${port}/" ;;
  esac
done
echo ""
echo "No games yet? Stop with Ctrl-C and run 'make demo' for a demo history to explore."
echo ""
