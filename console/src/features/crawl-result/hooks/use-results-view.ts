import { useState } from 'react';
import { readStored, writeStored } from '../../../lib/local-storage';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';

export type ResultsView = 'grid' | 'table';

const KEY = 'crawl-result-view';

/** Grid or table, remembered; always grid on mobile. */
export function useResultsView(): {
  view: ResultsView;
  setView(view: ResultsView): void;
  canChoose: boolean;
} {
  const [chosen, setChosen] = useState<ResultsView>(() => (readStored(KEY) === 'table' ? 'table' : 'grid'));
  const mobile = useMediaQuery(MOBILE_QUERY);
  return {
    view: mobile ? 'grid' : chosen,
    canChoose: !mobile,
    setView(view) {
      setChosen(view);
      writeStored(KEY, view);
    },
  };
}
