// SPDX-License-Identifier: GPL-2.0
/*
 * pwm-sim: a simulated PWM controller for the hardware-in-the-loop test (hil/README.md).
 *
 * Registers one platform device, pwm-sim.0, whose driver adds a pwm_chip with `npwm` channels
 * (default 2) to the kernel's PWM class: /sys/class/pwm/pwmchipN with export, unexport, and
 * pwmM/{period,duty_cycle,enable,polarity}, the same sysfs ABI a Raspberry Pi's PWM or a PCA9685
 * gives a program. Nothing is switched; instead every state the PWM core hands to .apply is
 * recorded with the time it came, for the harness to read:
 *
 *   /sys/kernel/debug/pwm-sim/log     one line per event, oldest first:
 *       SEQ MONO_NS REAL_NS apply CHANNEL PERIOD_NS DUTY_NS ENABLED normal|inversed
 *       SEQ MONO_NS REAL_NS probe|remove DEVICE
 *     MONO_NS is CLOCK_MONOTONIC, REAL_NS CLOCK_REALTIME (the clock the daemon's alarms follow).
 *     The record is a ring of `records` entries (default 65536); SEQ counts every event, so a gap
 *     at the start says how many were overwritten. Writing anything to the file empties it.
 *   /sys/kernel/debug/pwm-sim/state   the state of each channel as last applied, one per line:
 *       CHANNEL PERIOD_NS DUTY_NS ENABLED normal|inversed APPLIED_COUNT
 *
 * The record lives in the module, not in the device, so it outlasts an unbind of the device
 * (echo pwm-sim.0 >/sys/bus/platform/drivers/pwm-sim/unbind: the chip disappears from the PWM
 * class under its user, as a PCA9685 whose I2C bus went away would) and is there again after a
 * bind. The hardware state (what .get_state reports when a channel is exported) also survives
 * a rebind, as a real controller's registers would.
 *
 * Built out of tree against the VM's kernel headers by hil/run.sh, like gpio-sim.
 */
#include <linux/debugfs.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/pwm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#define PWM_SIM_NAME "pwm-sim"
#define PWM_SIM_MAX_CHANNELS 16

static unsigned int npwm = 2;
module_param(npwm, uint, 0444);
MODULE_PARM_DESC(npwm, "channels of the simulated chip (1-16, default 2)");
static unsigned int records = 65536;
module_param(records, uint, 0444);
MODULE_PARM_DESC(records, "events the record keeps before overwriting the oldest (default 65536)");

enum pwm_sim_kind { PWM_SIM_APPLY, PWM_SIM_PROBE, PWM_SIM_REMOVE };

struct pwm_sim_event {
	u64 seq;
	u64 mono_ns;
	u64 real_ns;
	u64 period;
	u64 duty;
	u8 kind;
	u8 channel;
	u8 enabled;
	u8 polarity;
};

struct pwm_sim_channel {
	struct pwm_state state;
	u64 applied;
};

/* Module-wide: the record and the simulated hardware's registers outlast the device's binding. */
static DEFINE_MUTEX(pwm_sim_lock);
static struct pwm_sim_event *ring;
static u64 ring_next; /* the seq of the next event; ring index = seq % records */
static u64 ring_first; /* the oldest seq still kept (raised by a clear) */
static struct pwm_sim_channel hw[PWM_SIM_MAX_CHANNELS];
static struct dentry *debug_dir;
static struct platform_device *sim_pdev;

struct pwm_sim_chip {
	struct pwm_chip chip;
};

/* Called with pwm_sim_lock held. */
static struct pwm_sim_event *pwm_sim_record(enum pwm_sim_kind kind)
{
	struct pwm_sim_event *e = &ring[ring_next % records];

	memset(e, 0, sizeof(*e));
	e->seq = ring_next++;
	e->mono_ns = ktime_get_ns();
	e->real_ns = ktime_get_real_ns();
	e->kind = kind;
	if (ring_next - ring_first > records)
		ring_first = ring_next - records;
	return e;
}

static int pwm_sim_apply(struct pwm_chip *chip, struct pwm_device *pwm,
			 const struct pwm_state *state)
{
	struct pwm_sim_event *e;

	if (pwm->hwpwm >= PWM_SIM_MAX_CHANNELS)
		return -EINVAL;
	mutex_lock(&pwm_sim_lock);
	hw[pwm->hwpwm].state = *state;
	hw[pwm->hwpwm].applied++;
	e = pwm_sim_record(PWM_SIM_APPLY);
	e->channel = pwm->hwpwm;
	e->period = state->period;
	e->duty = state->duty_cycle;
	e->enabled = state->enabled;
	e->polarity = state->polarity == PWM_POLARITY_INVERSED;
	mutex_unlock(&pwm_sim_lock);
	return 0;
}

static int pwm_sim_get_state(struct pwm_chip *chip, struct pwm_device *pwm,
			     struct pwm_state *state)
{
	if (pwm->hwpwm >= PWM_SIM_MAX_CHANNELS)
		return -EINVAL;
	mutex_lock(&pwm_sim_lock);
	*state = hw[pwm->hwpwm].state;
	mutex_unlock(&pwm_sim_lock);
	return 0;
}

static const struct pwm_ops pwm_sim_ops = {
	.apply = pwm_sim_apply,
	.get_state = pwm_sim_get_state,
	.owner = THIS_MODULE,
};

static int pwm_sim_probe(struct platform_device *pdev)
{
	struct pwm_sim_chip *sim;
	int ret;

	sim = devm_kzalloc(&pdev->dev, sizeof(*sim), GFP_KERNEL);
	if (!sim)
		return -ENOMEM;
	sim->chip.dev = &pdev->dev;
	sim->chip.ops = &pwm_sim_ops;
	sim->chip.npwm = npwm;
	ret = pwmchip_add(&sim->chip);
	if (ret)
		return dev_err_probe(&pdev->dev, ret, "pwmchip_add failed\n");
	platform_set_drvdata(pdev, sim);
	mutex_lock(&pwm_sim_lock);
	pwm_sim_record(PWM_SIM_PROBE);
	mutex_unlock(&pwm_sim_lock);
	dev_info(&pdev->dev, "simulated PWM chip with %u channels\n", npwm);
	return 0;
}

static int pwm_sim_remove(struct platform_device *pdev)
{
	struct pwm_sim_chip *sim = platform_get_drvdata(pdev);

	/* Unexports the channels a program exported through sysfs; its open files then fail. */
	pwmchip_remove(&sim->chip);
	mutex_lock(&pwm_sim_lock);
	pwm_sim_record(PWM_SIM_REMOVE);
	mutex_unlock(&pwm_sim_lock);
	return 0;
}

static struct platform_driver pwm_sim_driver = {
	.probe = pwm_sim_probe,
	.remove = pwm_sim_remove,
	.driver = { .name = PWM_SIM_NAME },
};

/* --- debugfs ---------------------------------------------------------------------------------- */

static void *log_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&pwm_sim_lock);
	if (ring_first + *pos >= ring_next)
		return NULL;
	return &ring[(ring_first + *pos) % records];
}

static void *log_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	if (ring_first + *pos >= ring_next)
		return NULL;
	return &ring[(ring_first + *pos) % records];
}

static void log_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&pwm_sim_lock);
}

static int log_show(struct seq_file *m, void *v)
{
	const struct pwm_sim_event *e = v;

	seq_printf(m, "%llu %llu %llu ", e->seq, e->mono_ns, e->real_ns);
	switch (e->kind) {
	case PWM_SIM_APPLY:
		seq_printf(m, "apply %u %llu %llu %u %s\n", e->channel, e->period, e->duty,
			   e->enabled, e->polarity ? "inversed" : "normal");
		break;
	case PWM_SIM_PROBE:
		seq_printf(m, "probe %s.0\n", PWM_SIM_NAME);
		break;
	default:
		seq_printf(m, "remove %s.0\n", PWM_SIM_NAME);
		break;
	}
	return 0;
}

static const struct seq_operations log_seq_ops = {
	.start = log_start,
	.next = log_next,
	.stop = log_stop,
	.show = log_show,
};

static int log_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &log_seq_ops);
}

static ssize_t log_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	mutex_lock(&pwm_sim_lock);
	ring_first = ring_next;
	mutex_unlock(&pwm_sim_lock);
	return len;
}

static const struct file_operations log_fops = {
	.owner = THIS_MODULE,
	.open = log_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release,
	.write = log_write,
};

static int state_show(struct seq_file *m, void *v)
{
	unsigned int i;

	mutex_lock(&pwm_sim_lock);
	for (i = 0; i < npwm; i++)
		seq_printf(m, "%u %llu %llu %u %s %llu\n", i, hw[i].state.period,
			   hw[i].state.duty_cycle, hw[i].state.enabled,
			   hw[i].state.polarity == PWM_POLARITY_INVERSED ? "inversed" : "normal",
			   hw[i].applied);
	mutex_unlock(&pwm_sim_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(state);

/* --- module ----------------------------------------------------------------------------------- */

static int __init pwm_sim_init(void)
{
	int ret;

	if (npwm < 1 || npwm > PWM_SIM_MAX_CHANNELS || records < 16)
		return -EINVAL;
	ring = vzalloc(array_size(records, sizeof(*ring)));
	if (!ring)
		return -ENOMEM;
	debug_dir = debugfs_create_dir(PWM_SIM_NAME, NULL);
	debugfs_create_file("log", 0600, debug_dir, NULL, &log_fops);
	debugfs_create_file("state", 0400, debug_dir, NULL, &state_fops);
	ret = platform_driver_register(&pwm_sim_driver);
	if (ret)
		goto fail;
	sim_pdev = platform_device_register_simple(PWM_SIM_NAME, 0, NULL, 0);
	if (IS_ERR(sim_pdev)) {
		ret = PTR_ERR(sim_pdev);
		platform_driver_unregister(&pwm_sim_driver);
		goto fail;
	}
	return 0;
fail:
	debugfs_remove_recursive(debug_dir);
	vfree(ring);
	return ret;
}

static void __exit pwm_sim_exit(void)
{
	platform_device_unregister(sim_pdev);
	platform_driver_unregister(&pwm_sim_driver);
	debugfs_remove_recursive(debug_dir);
	vfree(ring);
}

module_init(pwm_sim_init);
module_exit(pwm_sim_exit);
MODULE_DESCRIPTION("Simulated PWM controller that records every state applied (HIL test)");
MODULE_LICENSE("GPL");
