import type { ReactNode } from 'react';

/** Our own flat illustrations, drawn inline: no image requests, sharp at every size. */
export type Art = 'paper' | 'hall' | 'result' | 'ticket' | 'papers' | 'books' | 'trophy';

const navy = '#1e3a8a';
const blue = '#2563eb';
const pale = '#dbeafe';
const amber = '#fbbf24';
const green = '#16a34a';
const line = '#cbd5e1';

const drawings: Record<Art, ReactNode> = {
  paper: (
    <>
      <rect x="40" y="14" width="160" height="212" rx="12" fill="#fff" />
      <rect x="60" y="40" width="90" height="10" rx="5" fill={navy} />
      <rect x="60" y="58" width="56" height="7" rx="3.5" fill={line} />
      {[92, 124, 156, 188].map((y) => (
        <g key={y}>
          <circle cx="68" cy={y} r="8" fill="#dcfce7" />
          <path d={`m64 ${y} 3 3 6-7`} stroke={green} strokeWidth="2.5" fill="none" strokeLinecap="round" />
          <rect x="84" y={y - 4} width="96" height="8" rx="4" fill="#e2e8f0" />
        </g>
      ))}
      <circle cx="178" cy="44" r="26" fill={amber} />
      <text x="178" y="53" textAnchor="middle" fontSize="24" fontWeight="800" fill={navy}>
        A+
      </text>
    </>
  ),
  hall: (
    <>
      <rect x="20" y="30" width="200" height="180" rx="12" fill={pale} />
      <rect x="60" y="44" width="120" height="26" rx="4" fill={navy} />
      <path d="M76 57h88" stroke="#fff" strokeWidth="3" strokeDasharray="6 6" />
      {[100, 140, 180].map((y) =>
        [52, 104, 156].map((x) => (
          <g key={`${x}-${y}`}>
            <rect x={x} y={y} width="34" height="14" rx="3" fill="#94a3b8" />
            <circle cx={x + 17} cy={y - 8} r="7" fill={blue} />
          </g>
        )),
      )}
    </>
  ),
  result: (
    <>
      <rect x="30" y="20" width="180" height="200" rx="12" fill="#fff" />
      <rect x="50" y="40" width="80" height="10" rx="5" fill={navy} />
      {[
        [70, 70],
        [100, 110],
        [130, 85],
        [160, 125],
      ].map(([x, h]) => (
        <rect key={x} x={x} y={200 - (h ?? 0)} width="22" height={h} rx="4" fill={x === 160 ? amber : blue} />
      ))}
      <path d="M50 200h150" stroke={line} strokeWidth="3" />
      <circle cx="186" cy="46" r="16" fill="#dcfce7" />
      <path d="m179 46 5 5 9-10" stroke={green} strokeWidth="3.5" fill="none" strokeLinecap="round" />
    </>
  ),
  ticket: (
    <>
      <rect x="30" y="50" width="180" height="140" rx="12" fill="#fff" />
      <rect x="30" y="50" width="180" height="32" rx="12" fill={navy} />
      <rect x="46" y="98" width="44" height="56" rx="6" fill={pale} />
      <circle cx="68" cy="116" r="10" fill={blue} />
      <rect x="54" y="132" width="28" height="16" rx="8" fill={blue} />
      {[102, 122, 142].map((y) => (
        <rect key={y} x="104" y={y} width="90" height="8" rx="4" fill="#e2e8f0" />
      ))}
      <rect x="104" y="164" width="54" height="10" rx="5" fill={amber} />
    </>
  ),
  papers: (
    <>
      <rect x="70" y="30" width="130" height="170" rx="10" fill={pale} transform="rotate(8 135 115)" />
      <rect x="45" y="40" width="130" height="170" rx="10" fill="#fff" />
      <rect x="62" y="60" width="70" height="10" rx="5" fill={navy} />
      {[90, 110, 130, 150, 170].map((y) => (
        <rect key={y} x="62" y={y} width={y % 40 === 10 ? 96 : 80} height="7" rx="3.5" fill="#e2e8f0" />
      ))}
      <path d="m160 168 30-30 10 10-30 30-14 4z" fill={amber} />
    </>
  ),
  books: (
    <>
      <rect x="40" y="190" width="160" height="12" rx="4" fill="#94a3b8" />
      <rect x="56" y="70" width="30" height="120" rx="4" fill={blue} />
      <rect x="90" y="50" width="34" height="140" rx="4" fill={navy} />
      <rect x="128" y="80" width="28" height="110" rx="4" fill={amber} />
      <rect x="150" y="92" width="26" height="100" rx="4" fill={green} transform="rotate(-12 163 142)" />
      {[90, 106].map((y) => (
        <rect key={y} x="96" y={y} width="22" height="5" rx="2.5" fill="#fff" />
      ))}
    </>
  ),
  trophy: (
    <>
      <path d="M80 50h80v40a40 40 0 0 1-80 0z" fill={amber} />
      <path d="M80 62H58a22 22 0 0 0 26 30M160 62h22a22 22 0 0 1-26 30" stroke={amber} strokeWidth="8" fill="none" />
      <rect x="112" y="128" width="16" height="30" fill="#d97706" />
      <rect x="88" y="158" width="64" height="16" rx="4" fill={navy} />
      <rect x="76" y="174" width="88" height="18" rx="4" fill={blue} />
      <path d="m120 66 6 12 13 2-10 9 3 13-12-7-12 7 3-13-10-9 13-2z" fill="#fff" />
    </>
  ),
};

/** A 240 × 240 drawing; decorative unless given a title. */
export function Illustration({ art, className, title }: { art: Art; className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 240 240"
      width="240"
      height="240"
      className={className}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      {drawings[art]}
    </svg>
  );
}
