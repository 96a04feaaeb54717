import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useTemplates } from '../api/get-templates';
import { TemplateForm } from './template-form';

/** Message Templates (dashboard/messagetemplates, admin; issue 26): what each message to parents says. */
export function TemplatesScreen() {
  const templates = useTemplates();
  if (templates.isPending) return <Spinner label="Loading templates" />;
  if (templates.isError) return <LoadError message="Failed to load data" onRetry={() => void templates.refetch()} />;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        What parents receive, in Marathi and English. Variables in braces are filled in for each student.
      </p>
      {templates.data.data.map((template) => (
        <TemplateForm
          key={`${template.kind}-${template.updatedAt}`}
          template={template}
          variables={templates.data.variables}
        />
      ))}
    </div>
  );
}
