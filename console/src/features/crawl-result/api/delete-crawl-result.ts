import { useCrawlReader } from '../../../lib/crawl-reader';
import { reportFailure } from '../../../lib/report-failure';
import { toast } from '../../../components/ui/toast/toast-store';

/** Deletes a result with the toasts of SPEC.md section 8; resolves whether it was deleted. */
export function useDeleteCrawlResult(): ((resultId: string) => Promise<boolean>) | null {
  const reader = useCrawlReader();
  const remove = reader.deleteResult;
  if (!remove) return null;
  return async (resultId) => {
    try {
      await remove(resultId);
      toast.success('Crawl result deleted successfully');
      return true;
    } catch (err: unknown) {
      reportFailure('deleteCrawlResult', err);
      return false;
    }
  };
}
