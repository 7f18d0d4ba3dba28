/**
 * What more than one executor adapter uses: the task accounts of Gantry's own host and the
 * registered SSH hosts. Adapters ({@code local}, {@code ssh}, {@code slurm}) import this
 * package and the runtime's core, never each other.
 */
package org.gantry.runtime.hosts;
