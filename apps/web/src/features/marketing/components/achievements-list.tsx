import { achievements } from '../content';
import { ExamCentreCount } from './exam-centre-count';

/** SPEC §9 static figures with what they mean. */
export function AchievementsList() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {achievements.map((achievement) => (
        <li key={achievement.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-3xl font-extrabold text-amber-700">{achievement.figure ?? <ExamCentreCount />}</p>
          <h3 className="mt-1 text-lg font-semibold text-slate-900">{achievement.title}</h3>
          <p className="mt-1 text-slate-600">{achievement.text}</p>
        </li>
      ))}
    </ul>
  );
}
