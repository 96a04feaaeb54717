import { messages } from '@app/domain/messages';
import {
  chapterRequest,
  type PaperChoice,
  paperLabel,
  type Question,
  type QuestionImportReport,
} from '@app/domain/online-tests.schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { type FormText, fieldBinder, formResolver } from '@/lib/form-schema';
import { saveFile } from '@/lib/save-file';
import { useAddChapter, useChapters, useImportQuestions, usePapers, useQuestions } from '../api/online-tests';
import { QuestionForm } from './question-form';
import { questionLine } from './question-line';

export const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** The question being written: a new one (question null) in a chapter, or a saved one. */
type Editing = { question: Question | null; subjectCode: number; chapterId: number | null };

/**
 * The question bank: chapters by paper; a chapter's questions, each to edit, and a new one; a new
 * chapter; the Excel import (checked first, then saved).
 */
export function QuestionBank() {
  const chapters = useChapters();
  const papers = usePapers().data ?? [];
  const [open, setOpen] = useState<{ subjectCode: number; chapterId: number } | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const all = chapters.data ?? [];

  if (editing) {
    return (
      <QuestionForm
        question={editing.question}
        chapters={all.filter((chapter) => chapter.subjectCode === editing.subjectCode)}
        chapterId={editing.chapterId}
        onDone={() => setEditing(null)}
      />
    );
  }
  return (
    <section aria-label="Question bank" className={card}>
      <h2 className="text-lg font-semibold text-slate-900">Question bank</h2>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1">Paper</th>
              <th className="px-2">Chapter</th>
              <th className="pr-2 text-right">Questions</th>
              <th>
                <span className="sr-only">Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {all.map((chapter) => (
              <tr key={chapter.id} className="border-t border-slate-100">
                <td className="py-1">{paperName(papers, chapter.subjectCode)}</td>
                <td className="px-2">{chapter.name}</td>
                <td className="pr-2 text-right tabular-nums">{chapter.questions}</td>
                <td className="py-1 text-right">
                  <Button
                    size="sm"
                    variant={open?.chapterId === chapter.id ? 'primary' : 'secondary'}
                    aria-label={`Questions of ${chapter.name}`}
                    onClick={() => setOpen({ subjectCode: chapter.subjectCode, chapterId: chapter.id })}
                  >
                    Questions
                  </Button>
                </td>
              </tr>
            ))}
            {chapters.data?.length === 0 ? (
              <tr>
                <td colSpan={4} className="py-2 text-slate-600">
                  No chapters yet: add one below, or import questions from Excel.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {open ? (
        <ChapterQuestions
          {...open}
          name={all.find((chapter) => chapter.id === open.chapterId)?.name ?? ''}
          onEdit={(question) => setEditing({ question, subjectCode: open.subjectCode, chapterId: open.chapterId })}
        />
      ) : null}
      <AddChapter papers={papers} onAdded={(subjectCode, chapterId) => setOpen({ subjectCode, chapterId })} />
      <QuestionImport papers={papers} />
    </section>
  );
}

function ChapterQuestions({
  subjectCode,
  chapterId,
  name,
  onEdit,
}: {
  subjectCode: number;
  chapterId: number;
  name: string;
  onEdit: (question: Question | null) => void;
}) {
  const questions = useQuestions(subjectCode);
  const chapters = useChapters().data ?? [];
  const own = questions.data?.filter((question) => question.chapterId === chapterId) ?? [];
  return (
    <section aria-label={`Questions of ${name}`} className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">Questions of {name}</h3>
        <Button size="sm" onClick={() => onEdit(null)}>
          New question
        </Button>
      </div>
      <ul className="mt-2 flex flex-col gap-2">
        {questions.data && own.length === 0 ? <li className="text-sm text-slate-600">No questions yet.</li> : null}
        {own.map((question) => (
          <li
            key={question.id}
            className="flex items-start justify-between gap-2 rounded-lg p-2 text-sm ring-1 ring-slate-200"
          >
            <span className="min-w-0 break-words">
              {question.image ? <span className="sr-only">With a picture. </span> : null}
              {questionLine(question, chapters)}
            </span>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Edit question ${question.id}`}
              onClick={() => onEdit(question)}
            >
              Edit
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

type ChapterForm = FormText<typeof chapterRequest, 'subjectCode' | 'name'>;
const isChapterField = (path: string): path is keyof ChapterForm => path === 'subjectCode' || path === 'name';

/** A paper's name in a list; its code only while the list of names has not come. */
const paperName = (papers: PaperChoice[], subjectCode: number) => {
  const paper = papers.find((one) => one.subjectCode === subjectCode);
  return paper ? paperLabel(paper) : String(subjectCode);
};

/** The options of a paper chooser: the papers the user may write for, by name. */
export const paperOptions = (papers: PaperChoice[]) => [
  { value: '', label: 'Choose the paper' },
  ...papers.map((paper) => ({ value: String(paper.subjectCode), label: paperLabel(paper) })),
];

function AddChapter({
  papers,
  onAdded,
}: {
  papers: PaperChoice[];
  onAdded: (subjectCode: number, chapterId: number) => void;
}) {
  const toast = useToast();
  const add = useAddChapter();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChapterForm, unknown, z.output<typeof chapterRequest>>({
    resolver: formResolver(chapterRequest),
    defaultValues: { subjectCode: '', name: '' },
  });
  const bind = fieldBinder(register, errors);
  return (
    <form
      noValidate
      aria-label="New chapter"
      className="mt-4 grid gap-3 sm:grid-cols-[1fr_2fr_auto]"
      onSubmit={handleSubmit((body) =>
        add.mutate(body, {
          onSuccess: (saved) => {
            toast.success(saved.message);
            reset({ subjectCode: String(body.subjectCode), name: '' });
            onAdded(saved.data.subjectCode, saved.data.id);
          },
          onError: (error) =>
            showFormError(error, {
              setError,
              isField: isChapterField,
              toastError: toast.error,
              fallback: messages.somethingWentWrong,
            }),
        }),
      )}
    >
      <Select label="Paper" options={paperOptions(papers)} {...bind('subjectCode')} />
      <Input label="New chapter" autoComplete="off" {...bind('name')} />
      <Button type="submit" variant="secondary" className="self-end" isLoading={add.isPending}>
        Add chapter
      </Button>
    </form>
  );
}

function QuestionImport({ papers }: { papers: PaperChoice[] }) {
  const importer = useImportQuestions();
  const toast = useToast();
  const [subjectCode, setSubjectCode] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<QuestionImportReport | null>(null);
  const code = Number(subjectCode);
  const run = (save: boolean) => {
    if (!file || !Number.isInteger(code) || code < 1) return toast.error('Choose the paper and a file');
    importer.mutate({ file, subjectCode: code, save }, { onSuccess: setReport });
  };
  return (
    <>
      <h3 className="mt-4 font-semibold text-slate-900">Import from Excel</h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        <Select
          label="Paper (import)"
          options={paperOptions(papers)}
          value={subjectCode}
          onChange={(e) => setSubjectCode(e.target.value)}
        />
        <Input
          label="Workbook (.xlsx)"
          type="file"
          accept=".xlsx"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setReport(null);
          }}
        />
        <div className="flex flex-wrap items-end gap-2">
          <Button
            variant="secondary"
            onClick={async () => {
              if (!code) return toast.error('Choose the paper');
              try {
                const template = await api.getFile(`/exam/questions/template?subjectCode=${code}`);
                saveFile(template.blob, template.fileName ?? 'Questions.xlsx');
              } catch (error) {
                toast.error(errorMessage(error, 'Could not download the template'));
              }
            }}
          >
            Template
          </Button>
          <Button
            variant="secondary"
            isLoading={importer.isPending && !importer.variables?.save}
            onClick={() => run(false)}
          >
            Check
          </Button>
          <Button
            isLoading={importer.isPending && importer.variables?.save === true}
            disabled={!report || report.issues.length > 0 || report.saved}
            onClick={() => run(true)}
          >
            Save
          </Button>
        </div>
      </div>
      {report ? (
        <div role="status" aria-label="Validation report" className="mt-3 text-sm">
          <p className={report.issues.length ? 'text-red-700' : 'text-green-700'}>
            {report.message}: {report.rows} question{report.rows === 1 ? '' : 's'} read
            {report.newChapters.length ? `; new chapters: ${report.newChapters.join(', ')}` : ''}
          </p>
          <ul className="mt-1 list-disc pl-5 text-red-700">
            {report.issues.map((issue) => (
              <li key={`${issue.row}-${issue.message}`}>
                Row {issue.row}: {issue.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
