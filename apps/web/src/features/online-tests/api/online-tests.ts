import type { QuestionRequest, TestRequest } from '@app/domain/online-tests.schemas';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The papers the user may write for, named: a teacher's assigned ones, an admin's all. */
export const papersQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.onlineTests, 'papers'],
    queryFn: async () => (await api.get('/exam/papers', 'papers')).data,
  });
export const usePapers = () => useQuery(papersQuery());

export const chaptersQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.onlineTests, 'chapters'],
    queryFn: async () => (await api.get('/exam/chapters', 'chapters')).data,
  });
export const useChapters = () => useQuery(chaptersQuery());

/** A paper's questions (all chapters), with their keys: for editing and picking by hand. */
export const questionsQuery = (subjectCode: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.onlineTests, 'questions', subjectCode],
    queryFn: async () => (await api.get(`/exam/questions?subjectCode=${subjectCode}`, 'questions')).data,
    enabled: subjectCode !== null,
  });
export const useQuestions = (subjectCode: number | null) => useQuery(questionsQuery(subjectCode));
/** The questions of several papers, one request each (cached per paper), in the order of the codes given. */
export const usePapersQuestions = (subjectCodes: number[]) =>
  useQueries({
    queries: subjectCodes.map((code) => questionsQuery(code)),
    combine: (answers) => answers.flatMap((answer) => answer.data ?? []),
  });

export function useAddChapter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { subjectCode: number; name: string }) => api.post('/exam/chapters', 'chapterSaved', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.onlineTests }),
    meta: { isShownByForm: true },
  });
}

/** POST /api/exam/questions, or PUT /api/exam/questions/{id} with an id. */
export function useSaveQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QuestionRequest }) =>
      id === null
        ? api.post('/exam/questions', 'questionSaved', body)
        : api.put(`/exam/questions/${id}`, 'questionSaved', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.onlineTests }),
    meta: { isShownByForm: true },
  });
}

export const testsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.onlineTests, 'tests'],
    queryFn: async () => (await api.get('/exam/tests', 'onlineTests')).data,
  });
export const useTests = () => useQuery(testsQuery());

export const analysisQuery = (testId: number) =>
  queryOptions({
    queryKey: [...queryKeys.onlineTests, 'analysis', testId],
    queryFn: () => api.get(`/exam/tests/${testId}/results`, 'testAnalysis'),
  });
export const useAnalysis = (testId: number | null) =>
  useQuery({ ...analysisQuery(testId ?? 0), enabled: testId !== null });

export function useCreateTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TestRequest) => api.post('/exam/tests', 'onlineTestSaved', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.onlineTests }),
    meta: { isShownByForm: true },
  });
}

export function useImportQuestions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, subjectCode, save }: { file: File; subjectCode: number; save: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return api.postForm(
        `/exam/questions/upload?subjectCode=${subjectCode}&save=${save}`,
        'questionImportReport',
        form,
      );
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.onlineTests }),
    meta: { errorMessage: 'Could not read the file' },
  });
}

export const portalQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.onlineTests, 'portal'],
    queryFn: () => api.get('/admin/studentPortal', 'portalSettings'),
  });
export const usePortalSettings = (enabled: boolean) => useQuery({ ...portalQuery(), enabled });

export function useSetStudentSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (studentSignIn: boolean) => api.put('/admin/studentPortal', 'portalSettingsSaved', { studentSignIn }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...queryKeys.onlineTests, 'portal'] }),
    meta: { errorMessage: 'Could not save' },
  });
}

export function useResetStudentAccess() {
  return useMutation({
    mutationFn: (studentId: string) =>
      api.put(`/admin/students/${encodeURIComponent(studentId)}/resetAccess`, 'message'),
    meta: { errorMessage: 'Could not reset the sign-in' },
  });
}
