import { Fragment } from 'react';

/**
 * Where a URL may wrap, after the Chicago Manual of Style's rule: after the scheme's "://" or any other colon,
 * before a slash (a run of slashes stays together) and before . ? # & = - _ ~ %. A host label, a port or a path
 * step is never cut, as "http://127.0.0.1:14" over "100" was.
 */
const breakPoints = new RegExp(
  [
    String.raw`(?<=:\/\/)`,
    String.raw`(?<=:)(?!\/)`,
    String.raw`(?<![:/])(?=\/)`,
    String.raw`(?<=.)(?=[.?#&=~_%-])`,
  ].join('|'),
);

export function urlSegments(url: string): string[] {
  return url.split(breakPoints).filter((segment) => segment !== '');
}

/**
 * A URL as text that wraps only between its parts: a `<wbr>` at each break point. The parts are short, so the
 * browser's last resort of breaking inside one (the caller's `overflow-wrap`) is left for a part wider than the line.
 */
export function WrappingUrl({ url }: { url: string }) {
  return urlSegments(url).map((segment, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {segment}
    </Fragment>
  ));
}
