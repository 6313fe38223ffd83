// The sandbox workspace's figures, as its analytics assistant reads them from the sandbox's own Connector answers.

export interface CourseStat {
  title: string;
  enrolled: number;
  completed: number;
  completionPercent: number;
}

export interface LearnerStat {
  name: string;
  groups: string[];
  assigned: number;
  completed: number;
}

/** The workspace as the assistant sees it: figures from the sandbox's own Connector answers. */
export interface WorkspaceFacts {
  courses: CourseStat[];
  learners: LearnerStat[];
  groups: string[];
}
