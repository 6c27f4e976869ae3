import { ArrowLeft, ListOrdered } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../shared/ui/button.js';
import { Card } from '../../shared/ui/card.js';
import { EmptyState } from '../../shared/ui/empty-state.js';
import { PageHeader } from '../../shared/ui/page-header.js';

/** Admin picks management; the table and pick editing arrive in a later issue. */
export function DraftPicksPage() {
  const navigate = useNavigate();
  return (
    <div>
      <PageHeader
        title="Draft Picks Management"
        subtitle="Review and correct recorded picks across drafts"
        actions={
          <Button
            variant="secondary"
            icon={<ArrowLeft aria-hidden="true" className="size-4" />}
            onClick={() => navigate('/admin')}
          >
            Back
          </Button>
        }
      />
      <Card>
        <EmptyState
          icon={ListOrdered}
          title="No picks to manage yet"
          hint="Recorded picks will be listed here once drafts are under way."
        />
      </Card>
    </div>
  );
}
