import { SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../../shared/ui/card.js';
import { EmptyState } from '../../../shared/ui/empty-state.js';

export function DraftNotFound() {
  return (
    <Card>
      <EmptyState
        icon={SearchX}
        title="Draft not found"
        hint="The draft you're looking for doesn't exist or you don't have access to it."
        action={
          <Link
            to="/dashboard"
            className="inline-flex items-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Back to Dashboard
          </Link>
        }
      />
    </Card>
  );
}
