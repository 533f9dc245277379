/** The user's picture, or their initials on the brand colour. */
export function Avatar({ name, src, size = 40 }: { name: string; src?: string | null | undefined; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toLocaleUpperCase())
    .join('');
  const style = { inlineSize: size, blockSize: size, fontSize: Math.round(size * 0.4) };
  if (src) return <img className="avatar" src={src} alt="" style={style} />;
  return (
    <span className="avatar avatar-initials" style={style} aria-hidden="true">
      {initials}
    </span>
  );
}
