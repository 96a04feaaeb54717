import { marksText } from '@app/domain/online-tests.rules';
import { type Chapter, difficultyLabels, type Question, questionTypeLabels } from '@app/domain/online-tests.schemas';

/** One line naming a question in a list: its text, chapter, type, difficulty and marks. */
export function questionLine(question: Question, chapters: Chapter[]): string {
  const chapter = chapters.find((one) => one.id === question.chapterId)?.name ?? '';
  const text = question.textEn ?? question.textMr ?? '';
  const marks = `${marksText(Math.round(question.marks * 100))} mark${question.marks === 1 ? '' : 's'}`;
  return `${text} · ${chapter} · ${questionTypeLabels[question.type]} · ${difficultyLabels[question.difficulty]} · ${marks}`;
}
