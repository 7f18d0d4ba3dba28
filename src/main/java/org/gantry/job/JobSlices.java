package org.gantry.job;

import java.util.List;
import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.domain.Specification;

/** OpenPAI pages by offset and limit, which Spring Data's page numbers cannot express. */
interface JobSlices {

    /** At most {@code limit} matching jobs after skipping {@code offset}, without counting all matches. */
    List<Job> findSlice(Specification<Job> specification, Sort sort, long offset, int limit);
}
