import { useEffect, useState } from 'react';

const PHRASES = [
  'Fetching pages…',
  'Turning HTML into markdown…',
  'Following links…',
  'Cleaning up navigation and footers…',
  'Removing duplicate content…',
];

/** The running crawl's empty state: an animated progress bar and rotating phrases. */
export function CrawlProgress() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % PHRASES.length), 2400);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="crawl-progress" role="status">
      <div className="crawl-progress__orb" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <div className="crawl-progress__bar" aria-hidden="true">
        <span />
      </div>
      <p key={index} className="crawl-progress__phrase">
        {PHRASES[index]}
      </p>
      <p className="crawl-progress__note">Results appear here as soon as the first pages are stored.</p>
    </div>
  );
}
