/** A size in bytes as French readers write it: `512 o`, `3,4 Kio`, `64 Mio`, `1,5 Gio`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  const units = ['Kio', 'Mio', 'Gio', 'Tio'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1).replace('.', ',').replace(/,0$/, '')} ${units[unit]}`;
}
